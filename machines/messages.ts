// Every text a machine asks the app to show, by key. Machines never carry display text: an alert or a
// toast is `{ key, params }`, and the app translates the key (i18next) and fills `{placeholders}`.
// The English text here is the reference wording of docs/product.md §5 and §8.
export const MESSAGES = {
  cartEmpty: 'Your cart is empty',
  invalidPhone: 'Please enter a valid phone number',
  paymentNotCompleted: 'Payment was not completed. Status: {status}',
  paymentFailed: 'Payment failed. Please try again.',
  paymentStatusUnknown: 'Could not verify payment status. Please contact support.',
  paymentProcessingFailed: 'Payment processing failed. Please try again.',
  paymentSucceeded:
    'You have successfully paid for your interested subjects. Please go to study now to start studying',
  orangeMoneyComingSoon: 'Orange Money payment coming soon!',
  /** A message already written by the server or the app's error catalogue, shown as it is. */
  serverMessage: '{message}',
  installInvitation: 'Install our app for a better experience',
  iosInstallInstructions: 'Tap Share then Add to Home Screen',
  appInstalled: 'App installed successfully!',
  offlineReady: 'App is ready for offline use!',
  updateAvailable: 'New version available! Update now?',
  reloadToUpdate: 'New version available! Reload to update.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** An alert: the app adds the header 'Hey {username}' and the OK button (docs/product.md §8). */
export interface Alert {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string>>;
}

export interface Toast {
  readonly key: MessageKey;
  readonly durationMs: number;
}

/** Fills `{name}` placeholders; an unknown placeholder is left as written so a missing param is visible. */
export function formatMessage(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The English text of an alert or toast, for logs and tests; the UI translates the key instead. */
export function englishText(message: Alert): string {
  return formatMessage(MESSAGES[message.key], message.params);
}
