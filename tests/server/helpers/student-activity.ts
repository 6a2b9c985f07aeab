import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp, TestStudent } from './app';
import { multipart } from './multipart';
import { orderBody, orderCalls } from './order-calls';
import { cart, paymentCalls, pricedSubjects } from './payment-calls';

/**
 * Everything a student can leave in the product, made through the API as the app makes it: a paid subject,
 * a shop order, a planner (timetable, list, item), a comment, reactions, a view and a resume position, a
 * device's push token, a profile picture and a password-reset request. The backup, export and deletion suites
 * start from it, so that a new kind of data added here is covered by all three.
 *
 * The app must pay through its built-in emulator (createTestApp({ fetch: selfFetch(...) })), which settles an
 * ordinary payer at once with MOMO_SANDBOX_PENDING_MS 0 (the test app's default).
 */

export const ACTIVITY_VIDEO = 'ext-study-skills-v01';
/** A seeded product the order buys one of. */
export const ACTIVITY_PRODUCT = 'prod-geometry-set';

export interface Activity {
  student: TestStudent;
  subject: { id: string; title: string; price: number };
  paymentReference: string;
  orderReference: string;
  town: string;
  commentId: string;
  commentText: string;
  payer: string;
  pushToken: string;
  /** The stored picture's public path (/media/uploads/…). */
  picture: string;
}

const PICTURE = join(import.meta.dirname, '../../../server/seed/media/pictures/subject-maths.webp');

export async function leaveActivity(
  t: TestApp,
  student: TestStudent,
  marks: { payer: string; town: string; comment: string; pushToken: string },
): Promise<Activity> {
  const calls = paymentCalls(t);
  const [subject] = await pricedSubjects(t, 1);
  if (subject === undefined) throw new Error('no priced subject');
  const started = await calls.requestToPay(student, cart(student, [{ subject, amount: 1 }], marks.payer));
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const paid = await calls.readStatus(student, started.body.referenceId);
  expect(paid.body.status).toBe('SUCCESSFUL');

  const orders = orderCalls(t);
  await t.db.query('UPDATE products SET stock = GREATEST(stock, 5) WHERE id = $1', [ACTIVITY_PRODUCT]);
  const [product] = await t.db.query<{ price: number }>('SELECT price FROM products WHERE id = $1', [
    ACTIVITY_PRODUCT,
  ]);
  if (product === undefined) throw new Error(`no seeded product ${ACTIVITY_PRODUCT}`);
  const order = await orders.place(
    student,
    orderBody(
      student,
      { product: { id: ACTIVITY_PRODUCT, price: product.price }, quantity: 1, town: marks.town },
      marks.payer,
    ),
  );
  expect(order.status, JSON.stringify(order.body)).toBe(202);
  expect((await orders.readStatus(student, order.body.referenceId)).body.status).toBe('SUCCESSFUL');

  const put = (kind: string, id: string, data: object) =>
    t.request({
      method: 'PUT',
      url: `/planner/${kind}/${id}`,
      headers: student.headers,
      payload: { baseRevision: 0, data },
    });
  for (const answer of [
    await put('timetable', 'tt-1', {
      name: 'Form 5 A',
      days: [1, 2, 3, 4, 5],
      periods: [
        {
          id: 'p1',
          day: 1,
          start: '07:30',
          end: '08:25',
          subject: 'Mathematics',
          teacher: 'Mrs Fon',
          room: 'F5A',
          colour: '#1e88e5',
        },
      ],
    }),
    await put('list', 'list-1', { name: 'Revision' }),
    await put('item', 'item-1', {
      listId: 'list-1',
      title: 'Past paper 2024',
      due: '2026-12-01T08:00:00+01:00',
      reminderMinutes: 60,
      notes: '',
      done: false,
    }),
  ]) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  const comment = await t.request<{ comment: { _id: string } }>({
    method: 'POST',
    url: '/videos/video/comment',
    headers: student.headers,
    payload: { videoId: ACTIVITY_VIDEO, text: marks.comment },
  });
  expect(comment.status).toBe(200);
  const commentId = comment.body.comment._id;
  for (const call of [
    { method: 'PUT' as const, url: '/videos/video/like', payload: { videoId: ACTIVITY_VIDEO } },
    { method: 'PUT' as const, url: '/videos/video/view', payload: { videoId: ACTIVITY_VIDEO } },
    {
      method: 'PUT' as const,
      url: '/videos/video/comment/like',
      payload: { videoId: ACTIVITY_VIDEO, commentId },
    },
    {
      method: 'PUT' as const,
      url: '/videos/video/position',
      payload: { videoId: ACTIVITY_VIDEO, position: 42, updatedAt: new Date().toISOString() },
    },
    {
      method: 'POST' as const,
      url: '/users/notifications',
      payload: { token: marks.pushToken, platform: 'android' },
    },
  ]) {
    const answer = await t.request({ ...call, headers: student.headers });
    expect(answer.status, `${call.url}: ${JSON.stringify(answer.body)}`).toBe(200);
  }

  const form = multipart('picture', 'me.webp', readFileSync(PICTURE), 'image/webp');
  const pictured = await t.request<{ user: { profilePicture: string } }>({
    method: 'PUT',
    url: '/users/profilepicture/update',
    headers: { ...student.headers, ...form.headers },
    payload: form.payload,
  });
  expect(pictured.status).toBe(200);
  const forgot = await t.request({ method: 'POST', url: '/forgot', payload: { email: student.email } });
  expect(forgot.status).toBe(200);

  return {
    student,
    subject,
    paymentReference: started.body.referenceId,
    orderReference: order.body.referenceId,
    town: marks.town,
    commentId,
    commentText: marks.comment,
    payer: marks.payer,
    pushToken: marks.pushToken,
    picture: new URL(pictured.body.user.profilePicture, 'http://x').pathname,
  };
}
