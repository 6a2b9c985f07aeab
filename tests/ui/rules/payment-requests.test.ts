import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../../machines/types';
import { ApiError, NETWORK_FAILURE_STATUS } from '../../../src/rules/api-errors';
import {
  isFinalRefusal,
  makePaymentsPayload,
  placeOrderPayload,
  requestToPayPayload,
} from '../../../src/rules/payment-requests';

const items: CartItem[] = [
  { _id: 's-maths', subjectTitle: 'Mathematics', pictureurl: '/m.webp', price: 1500, amount: 2 },
  { _id: 's-bio', subjectTitle: 'Biology', pictureurl: '/b.webp', price: 1000, amount: 1 },
];

describe('requestToPayPayload', () => {
  const payload = requestToPayPayload(
    { phone: '  237670000000 ', items, amount: 4000 },
    'u42',
    1_700_000_000_123,
  );

  it('names the order ORDER_{userId}_{timestamp} (docs/product.md §7) and asks for the amount in XAF, as a string', () => {
    expect(payload.externalId).toBe('ORDER_u42_1700000000123');
    expect(payload.amount).toBe('4000');
    expect(payload.currency).toBe('XAF');
  });

  it('charges the phone typed, without the spaces around it, as an MSISDN', () => {
    expect(payload.payer).toEqual({ partyIdType: 'MSISDN', partyId: '237670000000' });
  });

  it('lists each subject with its number of access periods, and their titles for the payee', () => {
    expect(payload.items).toEqual([
      { subjectId: 's-maths', amount: 2 },
      { subjectId: 's-bio', amount: 1 },
    ]);
    expect(payload.payeeNote).toBe('Mathematics, Biology');
    expect(payload.payerMessage).toBe('StudyCam subjects');
  });
});

describe('makePaymentsPayload', () => {
  it('claims the paid titles and total for the student, with the one role STUDENT (docs/product.md §6)', () => {
    expect(
      makePaymentsPayload({
        user: { id: 'u42', username: 'ama' },
        items,
        totalCost: 4000,
        referenceId: 'ref-1',
      }),
    ).toEqual({
      id: 'u42',
      username: 'ama',
      role: 'STUDENT',
      paidSubjects: ['Mathematics', 'Biology'],
      totalCost: 4000,
      referenceId: 'ref-1',
    });
  });
});

describe('placeOrderPayload', () => {
  const line = { _id: 'p-calc', subjectTitle: 'Casio fx-82 calculator', amount: 2, town: 'Bafoussam' };

  it('orders one product line for a town, at the amount in XAF, from the phone typed', () => {
    expect(
      placeOrderPayload(line, { phone: ' 237670000000', amount: 17_000 }, 'ORDER_u42_1700000000123'),
    ).toEqual({
      productId: 'p-calc',
      quantity: 2,
      town: 'Bafoussam',
      amount: '17000',
      currency: 'XAF',
      externalId: 'ORDER_u42_1700000000123',
      payer: { partyIdType: 'MSISDN', partyId: '237670000000' },
      payerMessage: 'StudyCam shop',
      payeeNote: '2 × Casio fx-82 calculator',
    });
  });

  it('keeps the payee note within the 160 characters the provider takes', () => {
    const long = { ...line, subjectTitle: 'x'.repeat(400) };
    expect(placeOrderPayload(long, { phone: '237670000000', amount: 1 }, 'ORDER_u_1').payeeNote).toHaveLength(
      160,
    );
  });
});

describe('isFinalRefusal', () => {
  it("is the server's refusal (4xx): the payment ends there", () => {
    for (const status of [400, 401, 403, 404, 409, 429, 499]) {
      expect(isFinalRefusal(new ApiError({ status, serverMsg: 'no' }))).toBe(true);
    }
  });

  it('is not a missing answer or a server failure: the payment stays resumable', () => {
    for (const status of [NETWORK_FAILURE_STATUS, 500, 502, 503]) {
      expect(isFinalRefusal(new ApiError({ status, key: 'errors.server' }))).toBe(false);
    }
    expect(isFinalRefusal(new Error('socket hang up'))).toBe(false);
    expect(isFinalRefusal(undefined)).toBe(false);
  });
});
