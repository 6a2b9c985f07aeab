import { describe, expect, it } from 'vitest';
import {
  selectCodeProblem,
  selectIsChecking,
  selectIsHeldBack,
  selectRedeemError,
} from '../../machines/redeemCode';
import { runModel } from './modelHarness';
import {
  ACCEPTED,
  createRedeemHarness,
  FROM_LINK,
  HELD_BACK,
  MISTYPED,
  PRINTED,
  SPENT,
  TYPED_LOOSELY,
} from './redeemCode.model';
import { REPLAYS } from './replays';

describe('redeemCode machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.redeemCode);
    console.log(`redeemCode: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('catches a mistyped code before any request, and sends a loosely typed one as printed', async () => {
    const harness = createRedeemHarness();
    harness.start();
    await harness.send({ type: 'code.change', value: MISTYPED });
    await harness.send({ type: 'code.submit' });
    expect(harness.fakes.callsOf('redeem')).toEqual([]);
    expect(selectCodeProblem(harness.snapshot)).toBe('mistyped');
    await harness.send({ type: 'code.change', value: TYPED_LOOSELY });
    expect(selectCodeProblem(harness.snapshot)).toBeNull();
    await harness.send({ type: 'code.submit' });
    expect(harness.fakes.pending('redeem').input).toEqual({ code: PRINTED });
    // A double tap while the code is checked sends nothing more.
    await harness.send({ type: 'code.submit' });
    expect(harness.fakes.callsOf('redeem')).toHaveLength(1);
    await harness.resolve('redeem', ACCEPTED);
    expect(harness.fakes.effectsOf('navigate')).toEqual([{ to: 'study-sections' }]);
  });

  it('shows a refusal until the student types again, and sends the same code again on request', async () => {
    const harness = createRedeemHarness(FROM_LINK);
    harness.start();
    await harness.send({ type: 'code.submit' });
    await harness.reject('redeem', SPENT);
    expect(selectRedeemError(harness.snapshot)).toBe(SPENT.message);
    await harness.send({ type: 'code.submit' });
    expect(harness.fakes.callsOf('redeem')).toHaveLength(2);
    expect(selectIsChecking(harness.snapshot)).toBe(true);
  });

  it('holds the student back for the server’s wait, letting them correct the code meanwhile', async () => {
    const harness = createRedeemHarness(FROM_LINK);
    harness.start();
    await harness.send({ type: 'code.submit' });
    await harness.reject('redeem', HELD_BACK);
    expect(selectIsHeldBack(harness.snapshot)).toBe(true);
    await harness.send({ type: 'code.change', value: TYPED_LOOSELY });
    await harness.send({ type: 'code.submit' });
    expect(harness.fakes.callsOf('redeem')).toHaveLength(1);
    await harness.fireTimer('xstate.after.retryWait.redeemCode.throttled');
    expect(selectIsHeldBack(harness.snapshot)).toBe(false);
    expect(selectRedeemError(harness.snapshot)).toBeNull();
    await harness.send({ type: 'code.submit' });
    expect(harness.fakes.callsOf('redeem')).toHaveLength(2);
  });
});
