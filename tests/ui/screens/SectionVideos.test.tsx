import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubjectLessonCount, Video, VideoPageQuery } from '../../../contract/videos';
import SectionVideos from '../../../src/screens/SectionVideos';
import { decodeParam, groupVideos, topicHref } from '../../../src/screens/SectionVideos/group-videos';
import { formatDuration } from '../../../src/ui/duration';
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

/** A server's paging over `videos`: filtered by section and subject, `size` a page, cursors by position. */
function pagedServer(videos: readonly Video[], size = 100) {
  return vi.fn(async (query: VideoPageQuery = {}) => {
    const matching = videos.filter(
      (v) =>
        (query.section === undefined || v.section === query.section) &&
        (query.subjectTitle === undefined || v.subjectTitle === query.subjectTitle),
    );
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const end = start + size;
    return {
      success: true as const,
      videos: matching.slice(start, end),
      nextCursor: end < matching.length ? String(end) : null,
      total: matching.length,
      // The first page counts every matching lesson per subject and topic, as the server does.
      ...(query.cursor === undefined ? { subjects: countsOf(matching) } : {}),
    };
  });
}

function countsOf(videos: readonly Video[]): SubjectLessonCount[] {
  const subjects = [...new Set(videos.map((v) => v.subjectId))];
  return subjects.map((subjectId) => {
    const lessons = videos.filter((v) => v.subjectId === subjectId);
    const topics = [...new Set(lessons.map((v) => v.subsection))];
    return {
      subjectId,
      lessons: lessons.length,
      topics: topics.map((subsection) => ({
        subsection,
        lessons: lessons.filter((v) => v.subsection === subsection).length,
      })),
    };
  });
}

describe('the section video pages', () => {
  const storage = loggedInStorage({});

  it('shows the section videos grouped by subject then topic, with links to topics and to the player', async () => {
    const fetchVideoPage = pagedServer(VIDEOS);
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    const maths = await screen.findByRole('region', { name: 'Mathematics Form 5' });
    // The server filters: the screen asks for its section only, never the whole catalogue.
    expect(fetchVideoPage).toHaveBeenCalledWith({ section: 'anglophone' });
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
    expect(screen.getByText('5 of 5 lessons shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more lessons' })).not.toBeInTheDocument();
  });

  it('reads one page at a time: "Show more lessons" asks for the next page only and keeps the first', async () => {
    const fetchVideoPage = pagedServer(VIDEOS, 2);
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    expect(await screen.findByText('2 of 5 lessons shown')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Lesson m2/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more lessons' }));
    expect(await screen.findByText('4 of 5 lessons shown')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lesson m1/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lesson m2/ })).toBeInTheDocument();
    expect(fetchVideoPage).toHaveBeenLastCalledWith({ section: 'anglophone', cursor: '2' });
    await user.click(screen.getByRole('button', { name: 'Show more lessons' }));
    expect(await screen.findByText('5 of 5 lessons shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more lessons' })).not.toBeInTheDocument();
  });

  it("counts each subject's and topic's lessons, not the loaded page's (defect 10)", async () => {
    const fetchVideoPage = pagedServer(VIDEOS, 2);
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    // Only m1 and p1 are loaded: Mathematics still has 3 lessons in 2 topics, Vectors 2 of them.
    const maths = await screen.findByRole('region', { name: 'Mathematics Form 5' });
    expect(within(maths).getByText('3 videos · 2 topics')).toBeInTheDocument();
    expect(within(maths).getByRole('heading', { level: 3 }).textContent).toBe('Vectors2 videos');
    const physics = screen.getByRole('region', { name: 'Physics Upper Sixth' });
    expect(within(physics).getByText('2 videos · 1 topic')).toBeInTheDocument();
    // Once more is loaded, the counts stay the subject's.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more lessons' }));
    expect(await screen.findByText('4 of 5 lessons shown')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Mathematics Form 5' })).getByText('3 videos · 2 topics'),
    );
  });

  it('counts in French too', async () => {
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage: { ...storage, language: 'fr' },
      lang: 'fr',
      api: { fetchVideoPage: pagedServer(VIDEOS, 1), fetchSubjects: async () => SUBJECTS },
    });
    const maths = await screen.findByRole('region', { name: 'Mathematics Form 5' });
    expect(within(maths).getByText('3 vidéos · 2 chapitres')).toBeInTheDocument();
  });

  it('keeps the lessons shown when the next page fails, and retries it', async () => {
    const server = pagedServer(VIDEOS, 2);
    const fetchVideoPage = vi.fn(async (query: VideoPageQuery = {}) => {
      if (query.cursor === '2' && fetchVideoPage.mock.calls.filter(([q]) => q?.cursor === '2').length === 1) {
        throw new Error('Network error. Please check your internet connection.');
      }
      return server(query);
    });
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    await screen.findByText('2 of 5 lessons shown');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more lessons' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByRole('link', { name: /Lesson m1/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 of 5 lessons shown')).toBeInTheDocument();
  });

  it('marks an unpaid subject as locked, with its price and an add-to-cart action', async () => {
    const view = renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideoPage: pagedServer(VIDEOS), fetchSubjects: async () => SUBJECTS },
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

  it("filters by subject on the server, choosing among the section's subjects", async () => {
    const fetchVideoPage = pagedServer(VIDEOS);
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    await screen.findByRole('region', { name: 'Mathematics Form 5' });
    const choice = screen.getByRole('combobox', { name: 'Subject' });
    // Subjects of this section only, including one whose lessons were not loaded yet.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All subjects', 'Mathematics Form 5', 'Physics Upper Sixth', 'Mathematics Form 3']);
    await userEvent.setup().selectOptions(choice, 'Physics Upper Sixth');
    expect(await screen.findByText('2 of 2 lessons shown')).toBeInTheDocument();
    expect(fetchVideoPage).toHaveBeenLastCalledWith({
      section: 'anglophone',
      subjectTitle: 'Physics Upper Sixth',
    });
    expect(screen.queryByRole('region', { name: 'Mathematics Form 5' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Physics Upper Sixth' })).toBeInTheDocument();
  });

  it('reads extra-curricular videos by section too', async () => {
    const extra = video({
      _id: 'e1',
      subjectId: 'ext-skills',
      subjectTitle: 'Study Skills',
      subsection: 'Planning',
      section: 'extra-curricular',
    });
    const fetchVideoPage = pagedServer([...VIDEOS, extra]);
    renderWithApp(<SectionVideos params={{}} titleKey="extra-curricular-activities-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    expect(await screen.findByRole('region', { name: 'Study Skills' })).toBeInTheDocument();
    expect(fetchVideoPage).toHaveBeenCalledWith({ section: 'extra-curricular' });
    expect(screen.queryByRole('region', { name: 'Mathematics Form 5' })).not.toBeInTheDocument();
  });

  it('still lists the lessons when the catalogue cannot be read (no prices then)', async () => {
    renderWithApp(<SectionVideos params={{}} titleKey="anglophone-videos" />, {
      storage,
      api: {
        fetchVideoPage: pagedServer(VIDEOS),
        fetchSubjects: () => Promise.reject(new Error('offline')),
      },
    });
    const physics = await screen.findByRole('region', { name: 'Physics Upper Sixth' });
    expect(within(physics).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('shows a skeleton, then an error with retry', async () => {
    const first = deferred<Awaited<ReturnType<ReturnType<typeof pagedServer>>>>();
    const server = pagedServer(VIDEOS);
    const fetchVideoPage = vi.fn().mockReturnValueOnce(first.promise).mockImplementation(server);
    renderWithApp(<SectionVideos params={{}} titleKey="francophone-videos" />, {
      storage,
      api: { fetchVideoPage, fetchSubjects: async () => SUBJECTS },
    });
    expect(screen.getByText('Loading videos…')).toBeInTheDocument();
    first.reject(new Error('Content not found.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    // The fixtures' lessons are anglophone: the francophone section answers none.
    expect(await screen.findByRole('heading', { name: 'No videos here yet' })).toBeInTheDocument();
    expect(fetchVideoPage).toHaveBeenNthCalledWith(2, { section: 'francophone' });
  });

  it('says what to do when the section has no video', async () => {
    renderWithApp(<SectionVideos params={{}} titleKey="diploma-examination-videos" />, {
      storage,
      api: { fetchVideoPage: pagedServer([]), fetchSubjects: async () => SUBJECTS },
    });
    expect(await screen.findByRole('heading', { name: 'No videos here yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
      'href',
      '/home?section=diploma-exams',
    );
  });
});
