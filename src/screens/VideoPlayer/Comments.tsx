import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment, CommentResponse } from '../../../contract/videos';
import { useForm } from '../../app/use-form';
import { Loader } from '../../ui/Loader';
import { EmptyState } from '../../ui/States';
import { HeartIcon } from './icons';

/** docs/api.md: a comment is 1 to 1000 characters. */
export const COMMENT_MAX_LENGTH = 1000;
/** The countdown shows only when the end is near, so a short question stays uncluttered. */
const SHOW_REMAINING_BELOW = 200;

function CommentForm({ videoId, onPosted }: { videoId: string; onPosted: (comment: Comment) => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const form = useForm<CommentResponse>({
    rules: 'comment',
    initialValues: { text: '' },
    submit: (api, values) => api.commentVideo({ videoId, text: (values.text ?? '').trim() }),
    onSuccess: (answer) => onPosted(answer.comment),
  });
  const { succeeded, reset } = form;
  // A posted comment empties the field for the next one.
  useEffect(() => {
    if (succeeded) reset();
  }, [succeeded, reset]);

  const text = form.values.text ?? '';
  const fieldError = form.fieldErrors.text;
  const remaining = COMMENT_MAX_LENGTH - text.length;
  return (
    <form
      className="comment-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <label htmlFor={fieldId} className="comment-form__label">
        {t('comments.label')}
      </label>
      <textarea
        id={fieldId}
        name="text"
        autoComplete="off"
        className="input comment-form__input"
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t('comments.placeholder')}
        value={text}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${fieldId}-error` : undefined}
        onChange={(event) => form.change('text', event.target.value)}
      />
      {fieldError ? (
        <p id={`${fieldId}-error`} className="field-error">
          {t(fieldError)}
        </p>
      ) : null}
      {remaining < SHOW_REMAINING_BELOW ? (
        <p className="hint comment-form__remaining">{t('comments.remaining', { count: remaining })}</p>
      ) : null}
      {form.error ? (
        <p className="form-error" role="alert">
          {form.error}
        </p>
      ) : null}
      <div className="comment-form__actions">
        {form.submitting ? <Loader label={t('comments.sending')} /> : null}
        <button type="submit" className="btn" disabled={form.submitting}>
          {t('comments.send')}
        </button>
      </div>
    </form>
  );
}

interface CommentsProps {
  videoId: string;
  comments: readonly Comment[];
  /** A like is on its way (comment likes share the video's reaction queue). */
  busy: boolean;
  onLike: (commentId: string) => void;
  onPosted: (comment: Comment) => void;
}

/** The video's comments, newest first, with the form to add one and a like per comment. */
export function Comments({ videoId, comments, busy, onLike, onPosted }: CommentsProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const newestFirst = [...comments].reverse();
  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="comments__heading">
        {t('comments.title', { count: comments.length })}
      </h2>
      <CommentForm videoId={videoId} onPosted={onPosted} />
      {newestFirst.length === 0 ? (
        <EmptyState title={t('comments.emptyTitle')} message={t('comments.emptyMessage')} />
      ) : (
        <ul className="comments__list">
          {newestFirst.map((comment) => {
            const author = comment.username || t('comments.formerStudent');
            return (
              <li key={comment._id} className="comment">
                <div className="comment__head">
                  <strong className="comment__author">{author}</strong>
                  <time className="comment__date" dateTime={comment.createdAt}>
                    {dates.format(new Date(comment.createdAt))}
                  </time>
                </div>
                <p className="comment__text">{comment.text}</p>
                <button
                  type="button"
                  className="reaction reaction--small"
                  disabled={busy}
                  onClick={() => onLike(comment._id)}
                >
                  <HeartIcon />
                  <span className="visually-hidden">{t('comments.like', { username: author })}</span>{' '}
                  <span>{comment.likes}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
