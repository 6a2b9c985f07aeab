import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { cartMachine } from '../../machines/cart';
import { formMachine } from '../../machines/form';
import { mobileMoneyMachine } from '../../machines/mobileMoney';
import { resourceMachine } from '../../machines/resource';
import {
  MACHINES,
  openingComment,
  README_PATH,
  renderReadme,
  SUMMARIES,
} from '../../scripts/machine-diagrams';
import { countDefinition, renderDiagram } from '../../scripts/mermaid-statechart';

const MACHINES_DIR = dirname(README_PATH);

describe('machine diagrams', () => {
  it('machines/README.md is what scripts/machine-diagrams.ts generates (run `npm run diagrams`)', () => {
    expect(readFileSync(README_PATH, 'utf8')).toBe(renderReadme());
  });

  it('draws every machine file in machines/, the summarised ones first in their order', () => {
    // Found here by reading the sources, independently of the script's import-based discovery.
    const machineFiles = readdirSync(MACHINES_DIR)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\.createMachine\(/.test(readFileSync(join(MACHINES_DIR, file), 'utf8')));
    expect(new Set(MACHINES.map((entry) => entry.file))).toEqual(new Set(machineFiles));
    expect(MACHINES.slice(0, Object.keys(SUMMARIES).length).map((entry) => entry.machine.id)).toEqual([
      'cart',
      'checkout',
      'mobileMoney',
      'session',
      'installPrompt',
      'serviceWorker',
      'language',
      'form',
      'resource',
    ]);
    const ids = MACHINES.map((entry) => entry.machine.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { file, machine, summary } of MACHINES) {
      expect(summary, file).not.toBe('');
      expect(renderReadme()).toContain(
        `## ${machine.id}\n\n${summary}\n\n\`\`\`mermaid\n${renderDiagram(machine)}`,
      );
    }
  });

  it('draws delays, invocations, guards and effects from the definition', () => {
    const diagram = renderDiagram(mobileMoneyMachine);
    expect(diagram.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(diagram).toContain('waitingFirstPoll --> checkingStatus : after(firstPoll)');
    expect(diagram).toContain('requesting --> polling : done(requestToPay) / persistPending');
    expect(diagram).toContain('checkingStatus --> waitingNextPoll : error(checkStatus)');
    expect(diagram).toContain('askingPhone --> requesting : payment.submitPhone [phoneIsValid]');
    expect(diagram).toContain('state polling {');
    expect(diagram).toContain('succeeded --> [*]');
    expect(renderDiagram(cartMachine)).toContain('empty --> filled : cart.add / persistCart');
  });

  it('draws the form and resource machines', () => {
    const form = renderDiagram(formMachine);
    expect(form).toContain('[*] --> editing');
    expect(form).toContain('submitting : invokes submit');
    expect(form).toContain('editing --> submitting : form.submit [isValid]');
    expect(form).toContain('editing --> editing : form.submit (internal)');
    expect(form).toContain('submitting --> succeeded : done(submit) / succeeded');
    expect(form).toContain('submitting --> editing : error(submit)');
    expect(form).toContain('succeeded --> editing : form.reset');
    const resource = renderDiagram(resourceMachine);
    expect(resource).toContain('loading --> failed : error(load)');
    expect(resource).toContain('failed --> loading : resource.retry');
    expect(resource).toContain('note right of loading : from any state, resource.reload');
    expect(resource).toContain('loading --> findingCopy : after(loadTimeout)');
    expect(resource).toContain('checking --> ready : done(load) / keepCopy');
  });

  it('names an invoked actor without an id by its src', () => {
    const machine = setup({ actors: { fetchThing: fromPromise(async () => 1) } }).createMachine({
      id: 'thing',
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'fetchThing', onDone: 'done', onError: 'broken' } },
        done: { type: 'final' },
        broken: {},
      },
    });
    const diagram = renderDiagram(machine);
    expect(diagram).toContain('loading --> done : done(fetchThing)');
    expect(diagram).toContain('loading --> broken : error(fetchThing)');
  });

  it("takes a machine's opening comment as its summary when it has none here", () => {
    const source =
      "import { setup } from 'xstate';\n\n// One video.\n//   Resumed where it stopped.\n\nexport const x = 1;\n// later\n";
    expect(openingComment(source)).toBe('One video. Resumed where it stopped.');
    expect(openingComment('export const x = 1;\n')).toBeNull();
  });

  it('counts the states and transitions of a definition', () => {
    expect(countDefinition(cartMachine)).toEqual({ states: 3, transitions: 11 });
    expect(countDefinition(formMachine)).toEqual({ states: 3, transitions: 6 });
    expect(countDefinition(resourceMachine)).toEqual({ states: 7, transitions: 17 });
  });
});
