import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './content-card.css';

export interface ContentCardProps {
  id: string;
  title: string;
  /** The picture (lazy): a cover, a logo, a product or a news photo. Empty: no picture. */
  picture?: string | null | undefined;
  /** Square for logos and covers; wide for photos. */
  pictureShape?: 'wide' | 'square';
  /** A small line above the title (a level, a category, a source). */
  eyebrow?: ReactNode;
  /** Facts under the title (author · pages · language, a date, a price). */
  meta?: ReactNode;
  description?: string | null | undefined;
  /** Status marks (free, locked, closes in 5 days, in stock). */
  badges?: ReactNode;
  /** Where the title leads, inside the app. */
  href?: string | undefined;
  actions?: ReactNode;
}

/** One item of a content list (book, scholarship, article, channel, product), phone-first. */
export function ContentCard({
  id,
  title,
  picture,
  pictureShape = 'wide',
  eyebrow,
  meta,
  description,
  badges,
  href,
  actions,
}: ContentCardProps) {
  const titleId = `content-${id}`;
  return (
    <article className={`content-card content-card--${pictureShape}`} aria-labelledby={titleId}>
      {picture ? (
        <img className="content-card__picture" src={picture} alt="" loading="lazy" decoding="async" />
      ) : null}
      <div className="content-card__body">
        {eyebrow ? <p className="card-eyebrow">{eyebrow}</p> : null}
        <h2 id={titleId} className="card-title content-card__title">
          {href ? <Link href={href}>{title}</Link> : title}
        </h2>
        {meta ? <p className="card-muted">{meta}</p> : null}
        {description ? <p className="card-muted">{description}</p> : null}
        {badges ? <div className="content-card__badges">{badges}</div> : null}
        {actions ? <div className="content-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
