import { expect } from 'vitest';
import type { redeemCodeMachine } from '../../../machines/redeemCode';
import {
  selectCodeProblem,
  selectIsChecking,
  selectIsHeldBack,
  selectIsRedeemed,
  selectRedeemCode,
  selectRedeemError,
} from '../../../machines/redeemCode';
import type { Oracle } from '../modelHarness';
import { MISTYPED, PRINTED, TOO_SHORT, TYPED_LOOSELY, WITH_A_U } from '../redeemCode.model';
import { CallLog, paramsOf } from './observe';

// Issue 20 written again without the machine or contract/rules/access-code.ts: what each sample typed is, as the
// code's rules make it (case, spaces and dashes ignored, l read as 1, O as 0; a wrong check symbol, a short
// code and a letter outside the alphabet each said before any request); a well-formed code is sent as
// printed, once; the answer: the new user kept, the server's words in the alert, study-sections; a refusal
// shows its message until the student types again; a student held back sends nothing until the server's
// wait (its Retry-After) has passed, to the millisecond.

/** Each sample as the rules read it: the code to send, or what is wrong. */
const READING: Record<string, { send: string } | { problem: string }> = {
  '': { problem: 'empty' },
  [PRINTED]: { send: PRINTED },
  [TYPED_LOOSELY]: { send: PRINTED },
  [MISTYPED]: { problem: 'mistyped' },
  [TOO_SHORT]: { problem: 'tooShort' },
  [WITH_A_U]: { problem: 'invalidCharacter' },
};

type Stage = 'typing' | 'checking' | 'refused' | 'heldBack' | 'redeemed';

export const redeemCodeOracle: Oracle<typeof redeemCodeMachine> = (input) => {
  let code = input.code;
  let stage: Stage = 'typing';
  let problem: string | null = null;
  let error: string | null = null;
  let heldSince = 0;
  let wait = 0;
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const requests = calls.newCalls(harness.fakes, 'redeem').map((call) => call.input);
    let sent: string | null = null;
    const reading = READING[code];
    switch (event.type) {
      case 'code.change':
        if (stage === 'typing' || stage === 'refused') {
          code = event.value as string;
          [stage, problem, error] = ['typing', null, null];
        } else if (stage === 'heldBack') {
          [code, problem] = [event.value as string, null];
        }
        break;
      case 'code.submit':
        if (stage !== 'typing' && stage !== 'refused') break;
        if (reading === undefined) throw new Error(`no reading of the sample '${code}'`);
        if ('send' in reading) [stage, sent, problem, error] = ['checking', reading.send, null, null];
        else problem = reading.problem;
        break;
      case 'xstate.done.actor.redeem': {
        const output = (event as { output?: { user: unknown; msg: string } }).output;
        stage = 'redeemed';
        expect(paramsOf(effects, 'storeUser'), 'the new user kept').toEqual([{ user: output?.user }]);
        expect(paramsOf(effects, 'showAlert'), 'the server’s words in the alert').toEqual([
          { key: 'serverMessage', params: { message: output?.msg } },
        ]);
        expect(paramsOf(effects, 'navigate'), 'then to study').toEqual([{ to: 'study-sections' }]);
        break;
      }
      case 'xstate.error.actor.redeem': {
        const thrown = (event as { error?: { message?: string; retryAfterMs?: number } }).error;
        error = thrown?.message ?? String(thrown);
        if (typeof thrown?.retryAfterMs === 'number') {
          [stage, heldSince, wait] = ['heldBack', harness.clock.now(), thrown.retryAfterMs];
        } else stage = 'refused';
        break;
      }
      default:
        if (event.type.startsWith('xstate.after.')) {
          expect(harness.clock.now() - heldSince, 'held back exactly as long as the server said').toBe(wait);
          [stage, error] = ['typing', null];
        }
    }
    if (event.type !== 'xstate.done.actor.redeem') {
      for (const effect of ['storeUser', 'showAlert', 'navigate'])
        expect(paramsOf(effects, effect)).toEqual([]);
    }
    expect(requests, `sent on ${event.type}`).toEqual(sent === null ? [] : [{ code: sent }]);
    expect(selectRedeemCode(harness.snapshot)).toBe(code);
    expect(selectCodeProblem(harness.snapshot), 'what is wrong with the code, before any request').toBe(
      problem,
    );
    expect(selectRedeemError(harness.snapshot)).toBe(
      stage === 'refused' || stage === 'heldBack' ? error : null,
    );
    expect(selectIsChecking(harness.snapshot)).toBe(stage === 'checking');
    expect(selectIsHeldBack(harness.snapshot)).toBe(stage === 'heldBack');
    expect(selectIsRedeemed(harness.snapshot)).toBe(stage === 'redeemed');
  };
};
