import type { ReactNode } from 'react';
import { subjectPicture } from '../rules/first-card';
import { PriceTag } from './PriceTag';
import './subject-card.css';

export interface SubjectCardProps {
  id: string;
  title: string;
  pictureurl: string;
  /** Sizes of the picture (`srcset`), so the phone downloads the width the card needs. */
  pictureSrcset?: string | undefined;
  level: string;
  description: string;
  /** Left out when unknown (a paid subject missing from the catalogue). */
  price?: number | undefined;
  /** A status line under the title (access dates, "in your cart"). */
  status?: ReactNode;
  /** The card's buttons and links. */
  actions: ReactNode;
  /** The title's heading level: 2 right under a page's h1 (headings must not skip a level). */
  headingLevel?: 2 | 3;
  /** The first card of a screen is in view at once: its picture loads first instead of lazily. */
  inFirstView?: boolean;
}

/** A subject of the catalogue: picture, level, title, description, price and what the student can do. */
export function SubjectCard({
  id,
  title,
  pictureurl,
  pictureSrcset,
  level,
  description,
  price,
  status,
  actions,
  headingLevel = 3,
  inFirstView = false,
}: SubjectCardProps) {
  const titleId = `subject-${id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The page's inline script preloads the first card's picture by the same rule (issue 19).
  const picture = subjectPicture({ pictureurl, pictureSrcset });
  return (
    <article className="subject-card" aria-labelledby={titleId}>
      <img
        className="subject-card__picture"
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={picture.sizes}
        alt=""
        width={320}
        height={180}
        loading={inFirstView ? 'eager' : 'lazy'}
        fetchPriority={inFirstView ? 'high' : 'auto'}
      />
      <div className="subject-card__body">
        <p className="card-eyebrow">{level}</p>
        <Heading id={titleId} className="card-title">
          {title}
        </Heading>
        <p className="card-muted">{description}</p>
        {status ? <div className="subject-card__status">{status}</div> : null}
        <div className="subject-card__footer">
          {price === undefined ? null : <PriceTag amount={price} className="subject-card__price" />}
          <div className="subject-card__actions">{actions}</div>
        </div>
      </div>
    </article>
  );
}
