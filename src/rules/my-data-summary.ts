import { paymentStanding } from '../../contract/rules/payment-outcome';
import type { DataExport } from '../../contract/users';

// "Download my data" (profile screen): the server's export of everything it keeps about the student, as the
// JSON file itself or as a summary a person reads, in the student's language. Saving it is
// src/services/account/my-data.ts.

export type MyDataFile = 'json' | 'summary';

/** The app's translate function, as the screens get it from i18next. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** How the student's language writes a date and an amount (the app's own formatters). */
export interface Formats {
  date(iso: string): string;
  money(amount: number): string;
}

/** e.g. studycam-my-data-2026-11-26.json / studycam-mes-donnees-2026-11-26.txt (the date of the export). */
export function myDataFileName(data: DataExport, file: MyDataFile, t: Translate): string {
  const day = data.exportedAt.slice(0, 10);
  return `${t('profile.data.fileName', { date: day })}.${file === 'json' ? 'json' : 'txt'}`;
}

/** What every part of the summary writes with: the student's language, its formats, the "none" line. */
interface Writer extends Formats {
  t: Translate;
  none: string;
}

type Part = (data: DataExport, w: Writer) => string[];

/** One part of the summary: its title, then one indented line a record (or "none"). */
function section(title: string, lines: readonly string[], none: string): string[] {
  return ['', title, ...(lines.length === 0 ? [none] : lines).map((line) => `  ${line}`)];
}

const accountPart: Part = ({ account }, { t, date, none }) => {
  const field = (name: string, value: string) =>
    t('profile.data.summary.field', { label: t(`account.fields.${name}`), value });
  return section(
    t('profile.data.summary.account'),
    [
      field('firstname', account.firstname),
      field('lastname', account.lastname),
      field('username', account.username),
      field('email', account.email),
      field('phonenumber', account.phonenumber),
      t('profile.data.summary.created', { date: date(account.createdAt) }),
    ],
    none,
  );
};

const accessPart: Part = (data, { t, date, none }) =>
  section(
    t('profile.data.summary.access'),
    data.access.map((access) =>
      t(access.expired ? 'profile.data.summary.ended' : 'profile.data.summary.until', {
        subject: access.subjectTitle,
        date: date(access.expiresAt),
      }),
    ),
    none,
  );

const paymentsPart: Part = (data, { t, date, money, none }) =>
  section(
    t('profile.data.summary.payments'),
    data.payments.map((payment) =>
      t('profile.data.summary.payment', {
        date: date(payment.createdAt),
        amount: money(payment.amount),
        // The words the transactions tab uses for the same payment (status and reason read once).
        status: t(`checkout.status.${paymentStanding(payment)}`),
        what:
          payment.kind === 'order'
            ? t('profile.data.summary.shopOrder')
            : payment.items.map((item) => item.subjectTitle ?? item.subjectId).join(', '),
        reference: payment.referenceId,
      }),
    ),
    none,
  );

const ordersPart: Part = (data, { t, date, money, none }) =>
  section(
    t('profile.data.summary.orders'),
    data.orders.map((order) =>
      t('profile.data.summary.order', {
        date: date(order.createdAt),
        quantity: order.quantity,
        product: order.productTitle,
        price: money(order.unitPrice),
        town: order.town,
        status: t(`order.status.${order.status}`, {
          defaultValue: t('order.status.other', { status: order.status }),
        }),
      }),
    ),
    none,
  );

const plannerPart: Part = (data, { t, none }) => {
  const planned = (kind: string) => data.planner.filter((doc) => doc.kind === kind && !doc.deleted);
  const named = (doc: DataExport['planner'][number]) => String(doc.data.name ?? doc.data.title ?? doc.id);
  return section(
    t('profile.data.summary.planner'),
    [
      ...planned('timetable').map((doc) => t('profile.data.summary.timetable', { name: named(doc) })),
      ...planned('list').map((doc) =>
        t('profile.data.summary.list', {
          name: named(doc),
          count: planned('item').filter((item) => item.data.listId === doc.id).length,
        }),
      ),
    ],
    none,
  );
};

const commentsPart: Part = (data, { t, date, none }) =>
  section(
    t('profile.data.summary.comments'),
    data.comments.map((comment) =>
      t('profile.data.summary.comment', {
        date: date(comment.createdAt),
        video: comment.videoTitle,
        text: comment.text,
      }),
    ),
    none,
  );

const reactionsPart: Part = (data, { t, none }) =>
  section(
    t('profile.data.summary.reactions'),
    [
      ...data.reactions.map((reaction) =>
        t(reaction.kind === 'like' ? 'profile.data.summary.liked' : 'profile.data.summary.disliked', {
          video: reaction.videoTitle,
        }),
      ),
      ...(data.commentLikes.length > 0
        ? [t('profile.data.summary.commentLikes', { count: data.commentLikes.length })]
        : []),
    ],
    none,
  );

const minutesAndSeconds = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const lessonsPart: Part = (data, { t, none }) =>
  section(
    t('profile.data.summary.lessons'),
    [
      ...(data.views.length > 0 ? [t('profile.data.summary.views', { count: data.views.length })] : []),
      ...data.positions.map((position) =>
        t('profile.data.summary.position', {
          video: position.videoTitle,
          time: minutesAndSeconds(position.positionSeconds),
        }),
      ),
    ],
    none,
  );

const codesPart: Part = (data, { t, date, none }) =>
  section(
    t('profile.data.summary.codes'),
    data.codeRedemptions.map((redemption) =>
      t('profile.data.summary.code', {
        date: date(redemption.redeemedAt),
        batch: redemption.batch,
        what: redemption.granted.map((grant) => grant.subjectTitle ?? grant.subjectId).join(', '),
        days: redemption.days,
      }),
    ),
    none,
  );

const devicesPart: Part = (data, { t, date, none }) =>
  section(
    t('profile.data.summary.devices'),
    data.devices.map((device) =>
      t('profile.data.summary.device', { platform: device.platform, date: date(device.updatedAt) }),
    ),
    none,
  );

/** The summary's parts, in the order it lists them. */
const PARTS: readonly Part[] = [
  accountPart,
  accessPart,
  paymentsPart,
  ordersPart,
  plannerPart,
  commentsPart,
  reactionsPart,
  lessonsPart,
  codesPart,
  devicesPart,
];

/** The export as a person reads it: each part with its title, one line a record, in the student's language. */
export function myDataSummary(data: DataExport, t: Translate, formats: Formats): string {
  const w: Writer = { t, date: formats.date, money: formats.money, none: t('profile.data.summary.none') };
  const { account } = data;
  const lines = [
    t('profile.data.summary.heading', { name: `${account.firstname} ${account.lastname}`.trim() }),
    t('profile.data.summary.exported', { date: formats.date(data.exportedAt) }),
    ...PARTS.flatMap((part) => part(data, w)),
    '',
    t('profile.data.summary.footer'),
  ];
  return `${lines.join('\n')}\n`;
}
