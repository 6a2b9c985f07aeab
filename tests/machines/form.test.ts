import { describe, expect, it } from 'vitest';
import {
  selectFieldErrors,
  selectFormError,
  selectHasSucceeded,
  selectIsSubmitting,
  selectValues,
} from '../../machines/form';
import {
  COMMENT_INPUT,
  createFormHarness,
  LOGIN_INPUT,
  REGISTER_INPUT,
  SEND_ERROR,
  SERVER_ANSWER,
} from './form.model';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

describe('form machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.form);
    console.log(`form: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('sends nothing while a field is invalid, and names the fields at fault', async () => {
    const harness = createFormHarness(REGISTER_INPUT);
    harness.start();
    await harness.send({ type: 'form.change', name: 'email', value: 'amina@example' });
    await harness.send({ type: 'form.submit' });
    expect(harness.fakes.callsOf('submit')).toEqual([]);
    expect(selectFieldErrors(harness.snapshot)).toEqual({
      email: 'validation.email',
      phonenumber: 'validation.required',
    });
    expect(selectIsSubmitting(harness.snapshot)).toBe(false);
  });

  it('clears a field error when that field changes and keeps the others until the next submit', async () => {
    const harness = createFormHarness(LOGIN_INPUT);
    harness.start();
    await harness.send({ type: 'form.submit' });
    expect(selectFieldErrors(harness.snapshot)).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
    await harness.send({ type: 'form.change', name: 'username', value: 'amina' });
    expect(selectFieldErrors(harness.snapshot)).toEqual({ password: 'validation.required' });
    // Clearing the field again does not bring the complaint back before the next submit.
    await harness.send({ type: 'form.change', name: 'username', value: '' });
    expect(selectFieldErrors(harness.snapshot)).toEqual({ password: 'validation.required' });
    await harness.send({ type: 'form.submit' });
    expect(selectFieldErrors(harness.snapshot)).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
  });

  it('keeps every value after a failed send and sends them again on the next submit', async () => {
    const harness = createFormHarness(LOGIN_INPUT);
    harness.start();
    await harness.send({ type: 'form.change', name: 'username', value: 'amina' });
    await harness.send({ type: 'form.change', name: 'password', value: 'wrong-one' });
    await harness.send({ type: 'form.submit' });
    expect(selectIsSubmitting(harness.snapshot)).toBe(true);
    // A second press while the first send runs sends nothing more.
    await harness.send({ type: 'form.submit' });
    expect(harness.fakes.callsOf('submit')).toHaveLength(1);
    await harness.reject('submit', SEND_ERROR);
    expect(selectFormError(harness.snapshot)).toBe('Invalid credentials or session expired.');
    expect(selectValues(harness.snapshot)).toEqual({ username: 'amina', password: 'wrong-one' });
    expect(harness.fakes.effectsOf('succeeded')).toEqual([]);

    await harness.send({ type: 'form.change', name: 'password', value: 'mango-2024' });
    expect(selectFormError(harness.snapshot)).toBeNull();
    await harness.send({ type: 'form.submit' });
    expect(harness.fakes.pending('submit').input).toEqual({ username: 'amina', password: 'mango-2024' });
    await harness.resolve('submit', { success: true, token: 'jwt' });
    expect(selectHasSucceeded(harness.snapshot)).toBe(true);
    expect(harness.fakes.effectsOf('succeeded')).toEqual([{ result: { success: true, token: 'jwt' } }]);
  });

  it('shows what was thrown even when it is not an Error', async () => {
    const harness = createFormHarness(COMMENT_INPUT);
    harness.start();
    await harness.send({ type: 'form.change', name: 'text', value: 'Bonne leçon' });
    await harness.send({ type: 'form.submit' });
    await harness.reject('submit', 503);
    expect(selectFormError(harness.snapshot)).toBe('503');
    await harness.send({ type: 'form.submit' });
    await harness.reject('submit', new Error(''));
    expect(selectFormError(harness.snapshot)).toBe('Error');
  });

  it('starts again from its first values after a success, for a second comment', async () => {
    const harness = createFormHarness(COMMENT_INPUT);
    harness.start();
    await harness.send({ type: 'form.change', name: 'text', value: 'Merci !' });
    await harness.send({ type: 'form.submit' });
    await harness.resolve('submit', SERVER_ANSWER);
    // Typing is ignored once sent, until the form is reset.
    await harness.send({ type: 'form.change', name: 'text', value: 'late' });
    expect(selectValues(harness.snapshot)).toEqual({ text: 'Merci !' });
    await harness.send({ type: 'form.reset' });
    expect(harness.snapshot.value).toBe('editing');
    expect(selectValues(harness.snapshot)).toEqual({ text: '' });
    expect(harness.snapshot.context.result).toBeNull();
    await harness.send({ type: 'form.submit' });
    expect(selectFieldErrors(harness.snapshot)).toEqual({ text: 'validation.required' });
    expect(harness.fakes.callsOf('submit')).toHaveLength(1);
  });
});
