import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cartMachine } from '../../machines/cart';
import { mobileMoneyMachine } from '../../machines/mobileMoney';
import {
  countDefinition,
  MACHINES,
  README_PATH,
  renderDiagram,
  renderReadme,
} from '../../scripts/machine-diagrams';

describe('machine diagrams', () => {
  it('machines/README.md is what scripts/machine-diagrams.ts generates (run `npm run diagrams`)', () => {
    expect(readFileSync(README_PATH, 'utf8')).toBe(renderReadme());
  });

  it('draws every machine, with delays, invocations, guards and effects from the definition', () => {
    expect(MACHINES.map((entry) => entry.machine.id)).toEqual([
      'cart',
      'checkout',
      'mobileMoney',
      'session',
      'installPrompt',
      'serviceWorker',
      'language',
    ]);
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

  it('counts the states and transitions of a definition', () => {
    expect(countDefinition(cartMachine)).toEqual({ states: 3, transitions: 11 });
  });
});
