import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import SectionVideos from '../../../src/screens/SectionVideos';
import { decodeParam, groupVideos, topicHref } from '../../../src/screens/SectionVideos/group-videos';
import { formatDuration } from '../../../src/ui/VideoCard';
import { renderWithApp } from '../helpers/render-app';
import { deferred, loggedInStorage, SUBJECTS, video } from './catalogue-fixtures';

const VIDEOS = [
  video({ _id: 'm1', subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' }),
  video({
    _id: 'p1',
    subjectId: 'ang-physics-us',
    subjectTitle: 'Physics Upper Sixth',
    subsection: 'Waves',
    locked: true,
  }),
  video({ _id: 'm2', subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', subsection: 'Matrices' }),
  video({ _id: 'm3', subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' }),
  video({
    _id: 'p2',
    subjectId: 'ang-physics-us',
    subjectTitle: 'Physics Upper Sixth',
    subsection: 'Waves',
    locked: true,
  }),
];

describe('groupVideos', () => {
  it('groups by subject, then topic, in the order the server gives, and marks a subject with a locked lesson', () => {
    const groups = groupVideos(VIDEOS);
    expect(
      groups.map((g) => [
        g.subjectTitle,
        g.locked,
        g.topics.map((t) => [t.subsection, t.videos.map((v) => v._id)]),
      ]),
    ).toEqual([
      [
        'Mathematics Form 5',
        false,
        [
          ['Vectors', ['m1', 'm3']],
          ['Matrices', ['m2']],
        ],
      ],
      ['Physics Upper Sixth', true, [['Waves', ['p1', 'p2']]]],
    ]);
  });

  it('builds topic routes that survive reserved characters', () => {
    const href = topicHref('Mathematics Form 5', 'Mean, median and mode');
    expect(href).toBe('/sort-videos-by-topics/Mathematics%20Form%205/Mean%2C%20median%20and%20mode');
    expect(decodeParam('Mean%2C median and mode')).toBe('Mean, median and mode');
    expect(decodeParam('100%')).toBe('100%');
  });

  it('formats durations as m:ss and h:mm:ss', () => {
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('the section video pages', () => {
  const storage = loggedInStorage({});

  it('shows the section videos grouped by subject then topic, with links to topics and to the player', async () => {
    const fetchVideos = vi.fn(async () => VIDEOS);
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideos, fetchSubjects: async () => SUBJECTS },
    });
    const maths = await screen.findByRole('region', { name: 'Mathematics Form 5' });
    expect(fetchVideos).toHaveBeenCalledWith('anglophone');
    expect(screen.getByRole('heading', { level: 1, name: 'Anglophone section videos' })).toBeInTheDocument();
    const topics = within(maths).getAllByRole('heading', { level: 3 });
    expect(topics.map((h) => h.textContent)).toEqual(['Vectors2 videos', 'Matrices1 video']);
    expect(within(maths).getByRole('link', { name: 'Vectors' })).toHaveAttribute(
      'href',
      '/sort-videos-by-topics/Mathematics%20Form%205/Vectors',
    );
    const lesson = within(maths).getByRole('link', { name: /Lesson m1/ });
    expect(lesson).toHaveAttribute('href', '/video-player?videoId=m1');
    expect(lesson).toHaveTextContent('12:34');
    expect(lesson.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(within(maths).queryByText('Locked')).not.toBeInTheDocument();
  });

  it('marks an unpaid subject as locked, with its price and an add-to-cart action', async () => {
    const view = renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideos: async () => VIDEOS, fetchSubjects: async () => SUBJECTS },
    });
    const physics = await screen.findByRole('region', { name: 'Physics Upper Sixth' });
    expect(within(physics).getByText('Locked: buy this subject to watch')).toBeInTheDocument();
    expect(within(physics).getByRole('link', { name: /Lesson p1/ })).toHaveTextContent('Locked');
    expect(within(physics).getByTestId('price').textContent).toBe('3\u202F500\u00A0FCFA');
    await userEvent.setup().click(within(physics).getByRole('button', { name: 'Add to cart' }));
    expect(view.context.cart.getSnapshot().context.items.map((i) => [i._id, i.price, i.amount])).toEqual([
      ['ang-physics-us', 3500, 1],
    ]);
  });

  it('filters by subject', async () => {
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideos: async () => VIDEOS, fetchSubjects: async () => SUBJECTS },
    });
    await screen.findByRole('region', { name: 'Mathematics Form 5' });
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'ang-physics-us');
    expect(screen.queryByRole('region', { name: 'Mathematics Form 5' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Physics Upper Sixth' })).toBeInTheDocument();
  });

  it('reads extra-curricular videos from the full list, which has no section call', async () => {
    const extra = video({
      _id: 'e1',
      subjectId: 'ext-skills',
      subjectTitle: 'Study Skills',
      subsection: 'Planning',
      section: 'extra-curricular',
    });
    const fetchVideos = vi.fn(async () => [...VIDEOS, extra]);
    renderWithApp(<SectionVideos params={{}} titleKey="extra-curricular-activities-videos" />, {
      storage,
      api: { fetchVideos, fetchSubjects: async () => SUBJECTS },
    });
    expect(await screen.findByRole('region', { name: 'Study Skills' })).toBeInTheDocument();
    expect(fetchVideos).toHaveBeenCalledWith();
    expect(screen.queryByRole('region', { name: 'Mathematics Form 5' })).not.toBeInTheDocument();
  });

  it('still lists the lessons when the catalogue cannot be read (no prices then)', async () => {
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideos: async () => VIDEOS, fetchSubjects: () => Promise.reject(new Error('offline')) },
    });
    const physics = await screen.findByRole('region', { name: 'Physics Upper Sixth' });
    expect(within(physics).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('shows a skeleton, then an error with retry', async () => {
    const first = deferred<typeof VIDEOS>();
    const fetchVideos = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(VIDEOS);
    renderWithApp(<SectionVideos params={{}} titleKey="francophone-videos" />, {
      storage,
      api: { fetchVideos, fetchSubjects: async () => SUBJECTS },
    });
    expect(screen.getByText('Loading videos…')).toBeInTheDocument();
    first.reject(new Error('Content not found.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Mathematics Form 5' })).toBeInTheDocument();
    expect(fetchVideos).toHaveBeenNthCalledWith(2, 'francophone');
  });

  it('says what to do when the section has no video', async () => {
    renderWithApp(<SectionVideos params={{}} titleKey="diploma-examination-videos" />, {
      storage,
      api: { fetchVideos: async () => [], fetchSubjects: async () => SUBJECTS },
    });
    expect(await screen.findByRole('heading', { name: 'No videos here yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
      'href',
      '/home?section=diploma-exams',
    );
  });
});
