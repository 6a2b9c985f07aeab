import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createResourceActor, resourceViewOf } from '../../../src/app/resource-actor';
import { useResource, VIEW_BEFORE_THE_MACHINE } from '../../../src/app/use-resource';
import { fakeApi, renderWithApp } from '../helpers/render-app';

// useResource shows the resource machine's snapshot; the machine's code is a chunk of its own (issue 12), so
// until it is there the hook shows the machine's initial state, which must be the machine's own.

function Level({ load }: { load: (level: string) => Promise<string> }) {
  const [level, setLevel] = useState('Form 1');
  const resource = useResource((_api, params: { level: string }) => load(params.level), { level });
  return (
    <>
      <p>{resource.loading ? 'loading' : (resource.error ?? resource.data)}</p>
      <button type="button" onClick={() => setLevel('Form 2')}>
        next
      </button>
      <button type="button" onClick={resource.retry}>
        retry
      </button>
    </>
  );
}

describe('useResource', () => {
  it("shows the machine's own initial state before its code is there", () => {
    const actor = createResourceActor({
      api: fakeApi(),
      load: () => new Promise(() => undefined),
      describeError: String,
      params: null,
    });
    actor.start();
    expect(resourceViewOf(actor.getSnapshot())).toEqual(VIEW_BEFORE_THE_MACHINE);
    actor.stop();
  });

  it('loads, loads again with new params, and retries a failure with the same', async () => {
    const load = vi.fn(async (level: string) => `lessons of ${level}`);
    renderWithApp(<Level load={load} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('lessons of Form 1')).toBeInTheDocument();

    load.mockRejectedValueOnce(new Error('Network error.'));
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(await screen.findByText('Network error.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('lessons of Form 2')).toBeInTheDocument();
    expect(load.mock.calls.map(([level]) => level)).toEqual(['Form 1', 'Form 2', 'Form 2']);
  });
});
