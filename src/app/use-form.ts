import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useRef } from 'react';
import type { FieldErrors, FormValues } from '../../machines/form';
import {
  formMachine,
  selectFieldErrors,
  selectFormError,
  selectHasSucceeded,
  selectIsSubmitting,
  selectValues,
} from '../../machines/form';
import type { FormRules } from '../../machines/validation';
import { formActors } from '../actors/form';
import { useAppActors } from './actors-context';
import type { AppApi } from './create-app-actors';

// Apart from useResource (src/app/use-resource.ts): the landing's lists do not carry the form machine.

/**
 * A form through the form machine: docs/product.md §5's `rules` run before `submit`; a failure keeps the values and
 * shows the translated error; `onSuccess` runs once with the server's answer.
 */
export function useForm<R>(options: {
  rules: FormRules;
  initialValues: FormValues;
  submit: (api: AppApi, values: FormValues) => Promise<R>;
  onSuccess?: (result: R) => void;
}) {
  const { api, describeError } = useAppActors();
  const latest = useRef(options);
  latest.current = options;
  const actor = useActorRef(
    formMachine.provide(
      formActors({
        submit: (values) => latest.current.submit(api, values),
        succeeded: (result) => latest.current.onSuccess?.(result as R),
        describeError,
      }),
    ),
    { input: { rules: options.rules, values: options.initialValues } },
  );
  const values = useSelector(actor, selectValues);
  const fieldErrors = useSelector(actor, selectFieldErrors) as FieldErrors;
  const change = (name: string, value: string) => actor.send({ type: 'form.change', name, value });
  return {
    values,
    fieldErrors,
    error: useSelector(actor, selectFormError),
    submitting: useSelector(actor, selectIsSubmitting),
    succeeded: useSelector(actor, selectHasSucceeded),
    change,
    /** A field's name, value, error and change handler, to spread on a FormField. */
    field: (name: string) => ({
      name,
      value: values[name] ?? '',
      error: fieldErrors[name],
      onChange: (value: string) => change(name, value),
    }),
    submit: () => actor.send({ type: 'form.submit' }),
    /** For `<form onSubmit>`: the page stays, the machine validates and sends. */
    handleSubmit: (event: FormEvent) => {
      event.preventDefault();
      actor.send({ type: 'form.submit' });
    },
    reset: () => actor.send({ type: 'form.reset' }),
  };
}

/** What useForm gives a screen: the form's state and the ways to change and send it. */
export type FormHandle<R> = ReturnType<typeof useForm<R>>;
