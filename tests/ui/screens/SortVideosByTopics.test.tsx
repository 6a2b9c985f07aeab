import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import SortVideosByTopics from '../../../src/screens/SortVideosByTopics';
import { renderWithApp } from '../helpers/render-app';
import { loggedInStorage, SUBJECTS, video } from './catalogue-fixtures';

const VIDEOS = [
  video({ _id: 'm1', subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' }),
  video({ _id: 'm3', subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' }),
];

describe('sort-videos-by-topics', () => {
  it("asks for the topic's videos with the decoded route params and lists them", async () => {
    const filteredVideos = vi.fn(async () => VIDEOS.filter((v) => v.subsection === 'Vectors'));
    renderWithApp(
      <SortVideosByTopics
        params={{ subjectTitle: 'Mathematics Form 5', subsection: 'Mean%2C median' }}
        titleKey="sort-videos-by-topics"
      />,
      { storage: loggedInStorage({}), api: { filteredVideos, fetchSubjects: async () => SUBJECTS } },
    );
    expect(await screen.findByRole('link', { name: /Lesson m3/ })).toHaveAttribute(
      'href',
      '/video-player?videoId=m3',
    );
    expect(filteredVideos).toHaveBeenCalledWith({
      subjectTitle: 'Mathematics Form 5',
      subsection: 'Mean, median',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mathematics Form 5: Mean, median');
    expect(screen.getByRole('link', { name: /Anglophone \(GCE\) videos/ })).toHaveAttribute(
      'href',
      '/anglophone-videos',
    );
  });

  it('says so when the topic has no video', async () => {
    renderWithApp(
      <SortVideosByTopics params={{ subjectTitle: 'X', subsection: 'Y' }} titleKey="sort-videos-by-topics" />,
      {
        storage: loggedInStorage({}),
        api: { filteredVideos: async () => [], fetchSubjects: async () => SUBJECTS },
      },
    );
    expect(await screen.findByRole('heading', { name: 'No videos for this topic' })).toBeInTheDocument();
  });
});
