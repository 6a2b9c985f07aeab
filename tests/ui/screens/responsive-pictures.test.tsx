import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubjectCard } from '../../../src/ui/SubjectCard';
import { VideoCard } from '../../../src/ui/VideoCard';
import { renderWithApp } from '../helpers/render-app';

// Issue 12: pictures below the fold load lazily, with their box reserved, in the width the phone draws.
describe('catalogue pictures', () => {
  it('a subject card offers the picture sizes, lazily, with explicit dimensions', () => {
    const srcset = 'https://x.test/m-80w.webp 80w, https://x.test/m-320w.webp 320w';
    const { container } = renderWithApp(
      <SubjectCard
        id="s1"
        title="Mathematics Form 5"
        pictureurl="https://x.test/m.webp"
        pictureSrcset={srcset}
        level="Form 5"
        description="Algebra"
        actions={null}
      />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('srcset', srcset);
    expect(img?.getAttribute('sizes')).toMatch(/100vw$/);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '180');
  });

  it("the first card of a screen loads its picture at once, titled right under the page's h1", () => {
    const { container } = renderWithApp(
      <SubjectCard
        id="s1"
        title="Mathematics Form 5"
        pictureurl="https://x.test/m.webp"
        level="Form 5"
        description="Algebra"
        actions={null}
        headingLevel={2}
        inFirstView
      />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('heading', { level: 2, name: 'Mathematics Form 5' })).toBeInTheDocument();
  });

  it('a lesson card draws its thumbnail at 128 px, and without sizes keeps the single picture', () => {
    const { container } = renderWithApp(
      <>
        <VideoCard
          id="v1"
          title="Vectors"
          thumbnailUrl="https://x.test/t.webp"
          thumbnailSrcset="https://x.test/t-160w.webp 160w, https://x.test/t-320w.webp 320w"
          durationSeconds={60}
          views={1}
          locked={false}
        />
        <VideoCard
          id="v2"
          title="Matrices"
          thumbnailUrl="https://x.test/u.webp"
          durationSeconds={60}
          views={1}
          locked={false}
        />
      </>,
    );
    const [sized, plain] = [...container.querySelectorAll('img')];
    expect(sized).toHaveAttribute('sizes', '128px');
    expect(sized?.getAttribute('srcset')).toContain('t-160w.webp 160w');
    expect(plain).not.toHaveAttribute('srcset');
    expect(plain).toHaveAttribute('src', 'https://x.test/u.webp');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
