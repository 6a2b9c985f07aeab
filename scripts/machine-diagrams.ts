// Writes machines/README.md: what the statecharts are for and one Mermaid diagram per machine, generated
// by walking each machine's definition so the diagrams cannot drift from the code.
//   npx tsx scripts/machine-diagrams.ts          writes the file
//   npx tsx scripts/machine-diagrams.ts --check  exits 1 when the file is out of date
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { StateMachine } from 'xstate';
import { MESSAGES } from '../machines/messages';
import { countDefinition, renderDiagram } from './mermaid-statechart';

const MACHINES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'machines');
export const README_PATH = join(MACHINES_DIR, 'README.md');

export interface MachineEntry {
  readonly file: string;
  readonly machine: AnyStateMachine;
  readonly summary: string;
}

/**
 * Hand-written summaries, in the README's order. A machine file without one is still drawn, after these,
 * with its own opening comment as the summary, so a new machine is never left out of the README.
 */
export const SUMMARIES: Readonly<Record<string, string>> = {
  'cart.ts':
    'The cart: add (+1 or a new line at 1), decrease (removed at 0), remove, set amount (< 1 removes, decimals floored), clear. `persistCart` runs with the items on every change; the input restores them. Selectors: total (Σ price × amount), count, items.',
  'checkout.ts':
    'From the cart to paid subjects: empty cart alert, choice of MTN Mobile Money (Orange Money is announced and the choice stays open), the mobile money child, then `makePayment` with a loader that hides itself after `loaderTimeout` while the call goes on. Success and failure run the effects of docs/product.md §4 and navigate. `checkout.resume` watches a persisted payment again.',
  'mobileMoney.ts':
    'One MTN Mobile Money payment: phone (prefilled 237; 237 then 9 to 12 digits, the rule the server checks again, contract/rules/payer-phone.ts), `requestToPay`, the reference persisted (`persistPending`), a first status check after 3 s, then every 2 s while PENDING; a network error keeps polling. Any other status stops in `notCompleted`, forgotten on the device and read by `selectPaymentOutcome` as refused, expired, a number that cannot pay or failed (contract/rules/payment-outcome.ts): "Try again" (`payment.retry`) requests a new payment from the same number, "Use another number" (`payment.changeNumber`) goes back to the prompt with the number used, OK (`payment.dismiss`) ends it. A polling round ends at its deadline (`pollingSince + pollDeadline`) in `suspended` (read as pending), still persisted and resumable. Started with a persisted `pending` payment it checks that same reference and never requests again.',
  'session.ts':
    'Logged in while the token is live: `expiresAt` (decoded from the JWT by the app) and the `now` of the last event are stored, and both timers (expiring soon at 5 minutes left, logout at expiry) are derived from them, so a restored session schedules them again. Logout runs `clearSession` (server call, storage, caches) and ends logged out even if the server call fails.',
  'installPrompt.ts':
    'The PWA install banner: hidden when standalone or dismissed; offered after `beforeinstallprompt`; on iOS the Share → Add to Home Screen instructions. A declined browser prompt hides the banner until the browser offers a new one (a captured prompt can be used once).',
  'serviceWorker.ts':
    'Production only: registers when the app is stable or after 30 s at the latest, checks for an update every 6 hours, shows the offline-ready toast, and the update prompt (Update reloads exactly once after the new worker took over; Later shows the reload hint). A failed registration leaves the app working online.',
  'language.ts':
    "en or fr, anything else is en. The rule (issue 18, [contract/rules/language.ts](../contract/rules/language.ts)): an explicit choice wins, else the first of the browser's languages that is en or fr, else en. A choice is persisted on the device (`persistLanguage`) and, while signed in, saved with the account (`saveToAccount`); at login the account's language becomes the device's choice; `language.signedOut` forgets the choice and the browser's languages decide again. `loadDictionary` fetches `/assets/i18n/{lang}.json`. A failed switch keeps the current dictionary; at start a failed load falls back to the other language, once.",
  'form.ts':
    "A form sent to the server (register, login, profile, comment…). `form.change` stores a value and clears that field's error and the send error; `form.submit` runs the input's rule set from docs/product.md §5 (`FORM_RULES` in [validation.ts](./validation.ts)) and either names the fields at fault or invokes `submit` with the values; a failed send shows the error and keeps every value typed; a success runs `succeeded` with the server's answer, and `form.reset` starts again from the first values (a second comment). Selectors: values, field errors, error, submitting, succeeded.",
  'resource.ts':
    "A screen's data, a list or a detail: `load` is invoked with the input's params, then `ready` with the data or `failed` with the translated error. `resource.retry` loads again from `failed` with the same params; `resource.reload`, from any state, loads with new params and stops a load still running, so its answer is never shown. Offline (issue 18): a load with no answer (no connection, or none within `loadTimeout`, 20 s) or a server that cannot serve reads the device's last copy (`readCopy`) and shows it as `saved` with its date, else fails saying it is offline; an answer the service worker gave from its cache is `saved` too; every fresh answer is handed to `keepCopy`. A copy stays on screen while Retry or `resource.online` asks the server again. Selectors: loading, error (only when failed), data, savedAt, offline, checking, copyError.",
};

/** The first `//` comment block of a machine file: what the machine is for, in its author\'s words. */
export function openingComment(source: string): string | null {
  const lines = source.split('\n');
  const first = lines.findIndex((line) => line.startsWith('//'));
  if (first < 0) return null;
  const block: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('//')) break;
    block.push(line.replace(/^\/\/ ?/, '').trim());
  }
  return block.join(' ').trim() || null;
}

/**
 * Every machine exported by a file in machines/ (a machine re-exported elsewhere is listed once, under the
 * file named after its id, else the first file that exports it).
 */
async function discoverMachines(): Promise<MachineEntry[]> {
  const files = readdirSync(MACHINES_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  const fileOf = new Map<AnyStateMachine, string>();
  for (const file of files) {
    const exports = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (!(value instanceof StateMachine)) continue;
      const machine = value as AnyStateMachine;
      if (!fileOf.has(machine) || basename(file, '.ts') === machine.id) fileOf.set(machine, file);
    }
  }
  for (const file of Object.keys(SUMMARIES)) {
    if (![...fileOf.values()].includes(file))
      throw new Error(`machines/${file} has a summary in scripts/machine-diagrams.ts but no machine`);
  }
  const order = Object.keys(SUMMARIES);
  const rank = (file: string) => (order.includes(file) ? order.indexOf(file) : order.length);
  return [...fileOf]
    .map(([machine, file]) => {
      const summary = SUMMARIES[file] ?? openingComment(readFileSync(join(MACHINES_DIR, file), 'utf8'));
      if (!summary) throw new Error(`machines/${file}: add a summary here or an opening comment there`);
      return { file, machine, summary };
    })
    .sort(
      (a, b) =>
        rank(a.file) - rank(b.file) ||
        a.file.localeCompare(b.file) ||
        a.machine.id.localeCompare(b.machine.id),
    );
}

export const MACHINES: readonly MachineEntry[] = await discoverMachines();

// ---------------------------------------------------------------------------------------------------
// The README.

const TOASTS = [
  ['offlineReady', 'serviceWorker', '3 s (information only)'],
  ['appInstalled', 'installPrompt', '3 s (information only)'],
  ['reloadToUpdate', 'serviceWorker', '5 s (an instruction to act on, longer to read)'],
  [
    'updateAvailable',
    'serviceWorker',
    'stays until Update or Later is pressed (state `updatePrompt`, read with `selectUpdatePrompt`)',
  ],
] as const;

export function renderReadme(): string {
  const table = MACHINES.map(({ file, machine }) => {
    const { states, transitions } = countDefinition(machine);
    return `| [${file}](./${file}) | \`${machine.id}\` | ${states} | ${transitions} |`;
  });
  const messages = Object.entries(MESSAGES).map(([key, text]) => `| \`${key}\` | ${text} |`);
  const toasts = TOASTS.map(([key, machine, duration]) => `| \`${key}\` | ${machine} | ${duration} |`);
  const sections = MACHINES.map(
    ({ file, machine, summary }) =>
      `## ${machine.id}\n\n${summary}\n\n\`\`\`mermaid\n${renderDiagram(machine)}\n\`\`\`\n\n([${file}](./${file}))`,
  );
  return `<!-- Generated by scripts/machine-diagrams.ts from the machine definitions. Do not edit: run \`npm run diagrams\`. -->
# Statecharts

The app's behaviour lives here as XState v5 machines, one file a machine, pure TypeScript: no DOM, no
fetch, no storage, no clock. Every effect (an API call, a storage write, an alert, a toast, navigation,
a reload) is a named action or actor declared in \`setup()\` whose default does nothing or throws
"not provided"; the app hands over the real ones with \`machine.provide()\` and the tests hand over
fakes the same way. Times come in through events and input (\`now\`), and every timing constant of
docs/product.md §9 is a named delay in one exported object per machine (\`MOBILE_MONEY_DELAYS\`,
\`CHECKOUT_DELAYS\`, \`SESSION_DELAYS\`, \`SERVICE_WORKER_DELAYS\`, \`INSTALL_PROMPT_DELAYS\`).
Deadlines are stored as times in context (\`startedAt\`/\`pollingSince\`, \`expiresAt\`) and the delays
are functions of them, because a restored snapshot does not restore pending \`after\` timers.

Components read narrow selectors exported next to each machine (\`selectCartTotal\`,
\`selectIsLoaderVisible\`, \`selectMobileMoneyRef\`, \`selectIsExpiringSoon\`, \`selectInstallBanner\`,
\`selectUpdatePrompt\`, \`selectLanguage\`, …) and never compare state names themselves.

| File | Machine | States | Transitions |
|---|---|---|---|
${table.join('\n')}

## Messages: keys, not text

Machines never carry display text. An alert is the action \`showAlert\` with params
\`{ key, params? }\` (type \`Alert\` in [messages.ts](./messages.ts)); a toast is \`showToast\` with
\`{ key, durationMs }\`. The app translates \`key\` with i18next, fills \`{placeholders}\` from
\`params\`, and adds the alert's header 'Hey {username}' and its OK button (docs/product.md §8). \`MESSAGES\`
holds the English reference text of every key; \`serverMessage\` carries a text already written by the
server (in the request's language) or by the app's error catalogue, shown as it is.

| Key | English |
|---|---|
${messages.join('\n')}

Toast durations (docs/product.md §9 gives 3 s and 5 s without saying which is which):

| Toast | Machine | Duration |
|---|---|---|
${toasts.join('\n')}

## Decisions the spec leaves open

- Orange Money: the alert is shown and checkout stays in \`choosingMethod\`, so the student can pick MTN
  (the app shows it as not available yet before the tap).
- A server refusal (\`success: false\`) clears the pending payment: resuming it would get the same answer.
  No answer at all (network, 5xx) keeps it, so the same reference is resumed later (\`makepayments\` is
  idempotent by reference on the server).
- A mobile money polling round is bounded (\`pollDeadline\`, 120 s, overridable through the input). Past
  the deadline the next unanswered or PENDING check moves to \`suspended\`, which the app shows as a
  pending payment (no money is taken unless the student approves it; do not pay twice); the payment stays
  persisted, \`payment.resume\` polls again with a fresh deadline, \`payment.abandon\` leaves it to the
  transactions tab and the server's reconciler. A pending payment offers no new payment: the first may still
  be approved. A restored payment keeps its original deadline but is always checked at least once.
- A status other than SUCCESSFUL or PENDING ('Payment was not completed. Status: {status}', docs/product.md §4) is
  not an alert: the dialog of \`notCompleted\` says it with the status in the student's language, what
  happened, whether money was taken and what to do, with Try again, Use another number and OK (issue 18;
  the table of outcomes is in docs/payments.md).
- A session restored with an expired token goes through \`clearSession\` like a logout; with no token it
  is simply logged out.
- A declined install prompt hides the banner until the browser offers a new one.

## How the machines are tested

\`tests/machines/<machine>.test.ts\`, with the model of each machine in \`<machine>.model.ts\` (event
samples, executors, path generation) so the same model can drive the UI in Chromium later. The npm
package \`@xstate/test\` is the XState v4 line and its v5 beta never left beta; XState v5 ships the
model-based testing API in \`xstate/graph\` (\`TestModel\`, \`getShortestPaths\`, \`getAdjacencyMap\`),
which is what the tests use. \`createTestModel\` refuses machines with \`after\` or \`invoke\`, so each
model is a \`TestModel\` over the machine whose event samples include the delayed events
(\`xstate.after.<delay>.<state id>\`) and the invoked actors' \`xstate.done.actor.<id>\` /
\`xstate.error.actor.<id>\` events. Paths are the shortest path to every model state extended by every
edge leaving it; each is replayed against the real machine with fakes and a \`SimulatedClock\`, checking
the snapshot and the effects at every step and that nothing happens one millisecond before a timer is
due. The transitions the real actors took are compared with every transition of the definition.
Because the model comes from the machine, each replay also checks an oracle at every step: a reference model
of the rules written from docs/product.md and the issues in \`tests/machines/oracles/\`, which never reads the
machine's guards, delays or constants; \`tests/machines/mutants.ts\` lists wrong rules each oracle must catch
(tests/machines/README.md).

${sections.join('\n\n')}
`;
}

function main(argv: readonly string[]): number {
  const text = renderReadme();
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(README_PATH, 'utf8');
    } catch {
      // A missing file is simply out of date.
    }
    if (current !== text) {
      console.error('machines/README.md is out of date: run `npm run diagrams`.');
      return 1;
    }
    console.log('machines/README.md is up to date.');
    return 0;
  }
  writeFileSync(README_PATH, text);
  console.log(`Wrote ${README_PATH}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
