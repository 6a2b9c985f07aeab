import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlannerLoaderContext } from '../../../src/app/planner-loader';
import { type PlannerRuntime, startPlannerRuntime } from '../../../src/app/planner-runtime';
import type { Period, TimetableData } from '../../../src/rules/planner-docs';
import { findDoc } from '../../../src/rules/planner-docs';
import EditTimetable from '../../../src/screens/Planner/EditTimetable';
import { ExpiryNotices } from '../../../src/screens/Planner/ExpiryNotices';
import LocalNotifications from '../../../src/screens/Planner/LocalNotifications';
import Schedule from '../../../src/screens/Planner/Schedule';
import ViewTimetable from '../../../src/screens/Planner/ViewTimetable';
import { renderWithApp } from '../helpers/render-app';
import { DAY, loggedInStorage, NOW, SUBJECTS } from '../screens/catalogue-fixtures';
import { FakePlannerServer, plannerDeps } from './fake-planner-server';

const MATHS: Period = {
  id: 'p-maths',
  day: 1,
  start: '07:30',
  end: '08:25',
  subject: 'Mathematics',
  teacher: '',
  room: 'F5A',
  colour: '#1e88e5',
};
const WEEK: TimetableData = { name: 'Form 5 A', days: [1, 2, 3, 4, 5], periods: [MATHS] };

/** A planner screen with a fresh planner of its own (a visitor's: nothing is sent anywhere). */
async function renderPlanner(
  ui: React.ReactNode,
  options: { lang?: 'en' | 'fr'; seed?: (runtime: PlannerRuntime) => Promise<void> } = {},
) {
  const server = new FakePlannerServer();
  const started = startPlannerRuntime(plannerDeps(server, { loggedIn: false }).deps).then(async (runtime) => {
    await options.seed?.(runtime);
    return runtime;
  });
  const view = renderWithApp(
    <PlannerLoaderContext.Provider value={() => started}>{ui}</PlannerLoaderContext.Provider>,
    {
      lang: options.lang ?? 'en',
      storage: { language: options.lang ?? 'en' },
    },
  );
  return { ...view, runtime: await started, server };
}

describe('the timetable editor', () => {
  const edit = <EditTimetable params={{ id: 'week' }} />;
  const seed = async (runtime: PlannerRuntime) => runtime.save('timetable', 'week', WEEK);

  async function fillPeriod(
    user: ReturnType<typeof userEvent.setup>,
    values: { subject: string; start: string; end: string },
    labels = { subject: 'Subject', start: 'Starts at', end: 'Ends at' },
  ) {
    const subject = screen.getByLabelText(labels.subject);
    await user.clear(subject);
    if (values.subject) await user.type(subject, values.subject);
    for (const field of ['start', 'end'] as const) {
      const input = screen.getByLabelText(labels[field]);
      await user.clear(input);
      if (values[field]) await user.type(input, values[field]);
    }
  }

  it('refuses an overlapping period with the translated message and keeps everything typed', async () => {
    const user = userEvent.setup();
    const { runtime } = await renderPlanner(edit, { seed });
    await screen.findByRole('heading', { name: 'Add a period' });
    await fillPeriod(user, { subject: 'English', start: '08:00', end: '08:50' });
    await user.type(screen.getByLabelText('Teacher'), 'Mrs Fon');
    await user.click(screen.getByRole('button', { name: 'Add the period' }));
    expect(await screen.findByText('This period overlaps Mathematics (07:30–08:25).')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('English');
    expect(screen.getByLabelText('Starts at')).toHaveValue('08:00');
    expect(screen.getByLabelText('Ends at')).toHaveValue('08:50');
    expect(screen.getByLabelText('Teacher')).toHaveValue('Mrs Fon');
    expect(screen.getByLabelText('Starts at')).toHaveAttribute('aria-invalid', 'true');
    expect(findDoc(runtime.store.getState(), 'timetable', 'week')?.data.periods).toEqual([MATHS]);

    // Corrected: the error goes as the start is changed, and the period is added after Mathematics.
    await fillPeriod(user, { subject: 'English', start: '08:25', end: '09:20' });
    expect(screen.queryByText('This period overlaps Mathematics (07:30–08:25).')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the period' }));
    expect(await screen.findByText('English added.')).toBeInTheDocument();
    const periods = findDoc(runtime.store.getState(), 'timetable', 'week')?.data.periods ?? [];
    expect(periods.map((p) => [p.subject, p.start, p.end, p.teacher])).toEqual([
      ['Mathematics', '07:30', '08:25', ''],
      ['English', '08:25', '09:20', 'Mrs Fon'],
    ]);
    // The next period's start is suggested: this one's end.
    expect(screen.getByLabelText('Starts at')).toHaveValue('09:20');
  }, 20_000);

  it('names an empty subject and an end before the start, in French too', async () => {
    const user = userEvent.setup();
    await renderPlanner(edit, { seed, lang: 'fr' });
    await screen.findByRole('heading', { name: 'Ajouter un cours' });
    await fillPeriod(
      user,
      { subject: '', start: '10:00', end: '09:00' },
      { subject: 'Matière', start: 'Début', end: 'Fin' },
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter le cours' }));
    expect(await screen.findByText('Saisissez la matière.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'La fin doit être après le début, ou 00:00 pour minuit. Un cours après minuit se saisit le jour suivant.',
      ),
    ).toBeInTheDocument();
    await fillPeriod(
      user,
      { subject: 'Anglais', start: '08:00', end: '08:50' },
      { subject: 'Matière', start: 'Début', end: 'Fin' },
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter le cours' }));
    expect(await screen.findByText('Ce cours chevauche Mathematics (07:30–08:25).')).toBeInTheDocument();
  }, 20_000);

  it('takes a period ending at midnight (23:00–00:00) and suggests no start after it', async () => {
    const user = userEvent.setup();
    const { runtime } = await renderPlanner(edit, { seed });
    await screen.findByRole('heading', { name: 'Add a period' });
    await fillPeriod(user, { subject: 'Night revision', start: '23:00', end: '00:00' });
    await user.click(screen.getByRole('button', { name: 'Add the period' }));
    expect(await screen.findByText('Night revision added.')).toBeInTheDocument();
    const periods = findDoc(runtime.store.getState(), 'timetable', 'week')?.data.periods ?? [];
    expect(periods.map((p) => [p.subject, p.start, p.end])).toEqual([
      ['Mathematics', '07:30', '08:25'],
      ['Night revision', '23:00', '00:00'],
    ]);
    expect(screen.getByLabelText('Starts at')).toHaveValue('');
    // One inside it is refused.
    await fillPeriod(user, { subject: 'Physics', start: '23:30', end: '23:45' });
    await user.click(screen.getByRole('button', { name: 'Add the period' }));
    expect(await screen.findByText('This period overlaps Night revision (23:00–00:00).')).toBeInTheDocument();
  }, 20_000);

  it('moves a period to another day and removes one', async () => {
    const user = userEvent.setup();
    const { runtime } = await renderPlanner(edit, { seed });
    await user.click(await screen.findByRole('button', { name: 'Edit Mathematics' }));
    expect(screen.getByRole('heading', { name: 'Edit the period' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Day'), '3');
    await user.click(screen.getByRole('button', { name: 'Save the period' }));
    await screen.findByText('Mathematics saved.');
    expect(findDoc(runtime.store.getState(), 'timetable', 'week')?.data.periods).toEqual([
      { ...MATHS, day: 3 },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Mathematics' }));
    expect(findDoc(runtime.store.getState(), 'timetable', 'week')?.data.periods).toEqual([]);
    expect(await screen.findByText('No periods yet: add the first one below.')).toBeInTheDocument();
  });

  it('shows a version the account refused (overlap with another device) at the period at fault, in French and English', async () => {
    const chemistry: Period = { ...MATHS, id: 'p-chem', start: '08:30', end: '09:30', subject: 'Chemistry' };
    const refusedSeed = async (runtime: PlannerRuntime) => {
      await runtime.save('timetable', 'week', { ...WEEK, periods: [MATHS, chemistry] });
      const sent = findDoc(runtime.store.getState(), 'timetable', 'week');
      if (!sent) throw new Error('not saved');
      await runtime.store.markRefused(sent, 'refused', {
        day: 1,
        periodId: 'p-chem',
        other: { id: 'p-physics', subject: 'Physics', start: '08:00', end: '09:00' },
        fromOtherDevice: true,
      });
    };
    const french = await renderPlanner(edit, { seed: refusedSeed, lang: 'fr' });
    const chemistryRow = (await screen.findByText('Chemistry')).closest('li');
    if (!chemistryRow) throw new Error('no row for Chemistry');
    expect(within(chemistryRow).getByRole('alert')).toHaveTextContent(
      'Non envoyé à votre compte : le lundi, ce cours chevauche Physics (08:00–09:00), ajouté ou modifié sur votre autre appareil. Votre version reste sur ce téléphone. Changez l’horaire de ce cours ou retirez-le (ou déplacez Physics sur l’autre appareil), et l’emploi du temps sera envoyé à nouveau.',
    );
    // Only the period at fault carries it; the student's version is all there.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(findDoc(french.runtime.store.getState(), 'timetable', 'week')?.data.periods).toEqual([
      MATHS,
      chemistry,
    ]);
    french.unmount();

    await renderPlanner(edit, { seed: refusedSeed });
    const row = (await screen.findByText('Chemistry')).closest('li');
    if (!row) throw new Error('no row for Chemistry');
    expect(within(row).getByRole('alert')).toHaveTextContent(
      /^Not sent to your account: on Monday, this period overlaps Physics \(08:00–09:00\), which your other device added or changed\./,
    );
  }, 20_000);

  it('says so when the timetable does not exist (deleted on another device)', async () => {
    await renderPlanner(<EditTimetable params={{ id: 'gone' }} />);
    expect(await screen.findByRole('heading', { name: 'Timetable not found' })).toBeInTheDocument();
  });
});

describe('the week and the agenda in French', () => {
  const late: Period = { ...MATHS, id: 'p-late', day: 2, start: '23:00', end: '00:00', subject: 'Révision' };
  const seed = async (runtime: PlannerRuntime) =>
    runtime.save('timetable', 'week', { ...WEEK, periods: [MATHS, late] });

  it('heads each day with a capital, as "Aujourd’hui", and shows a period ending at midnight', async () => {
    const view = await renderPlanner(<ViewTimetable params={{ id: 'week' }} />, { lang: 'fr', seed });
    await screen.findByRole('heading', { level: 2, name: 'Form 5 A' });
    const days = screen.getAllByRole('heading', { level: 2 }).filter((h) => h.textContent !== 'Form 5 A');
    expect(days.map((h) => h.textContent)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi']);
    const tuesday = screen.getByRole('region', { name: 'Mardi' });
    expect(within(tuesday).getByRole('row', { name: /Révision/ })).toHaveTextContent('23:00–00:00');
    view.unmount();

    await renderPlanner(<Schedule />, { lang: 'fr', seed });
    const agenda = await screen.findAllByRole('heading', { level: 3, name: /\d/ });
    expect(agenda).toHaveLength(7);
    expect(agenda[0]?.textContent).toMatch(/^Aujourd’hui, [a-zé]+ \d+ [a-zéû]+$/);
    for (const heading of agenda.slice(1)) expect(heading.textContent).toMatch(/^[A-Z][a-zé]+ \d+ [a-zéû]+$/);
  });
});

describe('the schedule', () => {
  it('shows the lists with their items, ticks and deletes an item, and an empty agenda when nothing is planned', async () => {
    const user = userEvent.setup();
    const { runtime } = await renderPlanner(<Schedule />, {
      seed: async (r) => {
        await r.save('list', 'gce', { name: 'GCE revision' });
        await r.save('item', 'essay', {
          listId: 'gce',
          title: 'Essay',
          due: null,
          reminderMinutes: null,
          notes: '',
          done: false,
        });
      },
    });
    const list = await screen.findByRole('article', { name: 'GCE revision' });
    expect(screen.getByRole('heading', { name: 'Nothing planned this week' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Saved on this phone. Log in to keep it in your account too.',
    );
    await user.click(within(list).getByRole('checkbox', { name: 'Essay' }));
    expect(findDoc(runtime.store.getState(), 'item', 'essay')?.data.done).toBe(true);
    await user.click(within(list).getByRole('button', { name: 'Delete Essay' }));
    expect(await within(list).findByText('No items in this list yet.')).toBeInTheDocument();
  });
});

describe('a tapped access-expiry reminder (#/schedule?renew=…)', () => {
  it('puts the subject in the cart, opens the cart and leaves the schedule without the query', async () => {
    const server = new FakePlannerServer();
    const started = startPlannerRuntime(plannerDeps(server, { loggedIn: false }).deps);
    const view = renderWithApp(
      <PlannerLoaderContext.Provider value={() => started}>
        <Schedule />
      </PlannerLoaderContext.Provider>,
      { path: '/schedule?renew=ang-maths-f5', api: { fetchSubjects: async () => SUBJECTS } },
    );
    await screen.findByRole('heading', { name: 'Study lists' });
    await vi.waitFor(() => expect(view.context.ui.getState().cartOpen).toBe(true));
    expect(view.context.cart.getSnapshot().context.items.map((i) => [i._id, i.amount])).toEqual([
      ['ang-maths-f5', 1],
    ]);
    // An empty query: wouter's hash navigation would otherwise keep `?renew=` for the next visit.
    expect(view.location.history.at(-1)).toBe('/schedule?');
  });
});

describe('the reminders screen', () => {
  it('says when this browser cannot notify, explains what a closed browser cannot do, and keeps the switches', async () => {
    const user = userEvent.setup();
    const { runtime } = await renderPlanner(<LocalNotifications />, {
      seed: (r) => r.save('timetable', 'week', WEEK),
    });
    expect(await screen.findByText('This browser cannot show notifications.')).toBeInTheDocument();
    expect(
      screen.getByText(/When StudyCam or the browser is closed, no reminder can appear/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test notification' })).toBeDisabled();
    expect(screen.getAllByText('Class soon').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('checkbox', { name: 'Timetable periods' }));
    expect(runtime.store.getState().switches.periods).toBe(false);
    expect(await screen.findByRole('heading', { name: 'No reminders this week' })).toBeInTheDocument();
  });
});

describe('the access-expiry banner', () => {
  it('lists subjects ending within 7 days (the last day apart) and Renew puts one in the cart', async () => {
    const user = userEvent.setup();
    const paidSubjects = [
      {
        subjectId: 'ang-maths-f5',
        subjectTitle: 'Mathematics Form 5',
        expiresAt: new Date(NOW + 5 * DAY).toISOString(),
      },
      {
        subjectId: 'ang-physics-us',
        subjectTitle: 'Physics Upper Sixth',
        expiresAt: new Date(NOW + DAY / 2).toISOString(),
      },
      {
        subjectId: 'ang-maths-f3',
        subjectTitle: 'Mathematics Form 3',
        expiresAt: new Date(NOW + 30 * DAY).toISOString(),
      },
    ];
    const view = renderWithApp(<ExpiryNotices catalogue={SUBJECTS} />, {
      now: () => NOW,
      storage: loggedInStorage({ paidSubjects }, NOW),
    });
    const banner = screen.getByRole('region', { name: 'Subject access ending soon' });
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your access to Physics Upper Sixth ends tomorrow (1 Mar 2026).Renew Physics Upper Sixth',
      'Your access to Mathematics Form 5 ends on 6 Mar 2026.Renew Mathematics Form 5',
    ]);
    await user.click(within(banner).getByRole('button', { name: 'Renew Mathematics Form 5' }));
    expect(view.context.cart.getSnapshot().context.items.map((item) => [item._id, item.amount])).toEqual([
      ['ang-maths-f5', 1],
    ]);
  });

  it('shows nothing to a visitor or when no access ends this week', () => {
    renderWithApp(<ExpiryNotices catalogue={SUBJECTS} />, { now: () => NOW });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
