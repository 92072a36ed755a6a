import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The two HMACs of Razorpay, used unchanged with the local simulator (decision 0027):
 * the checkout reply's signature = HMAC_SHA256(order_id + "|" + payment_id, key_secret), and a
 * webhook's X-Razorpay-Signature = HMAC_SHA256(raw request body, webhook_secret), both hex.
 */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function webhookSignature(rawBody: string | Uint8Array, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time; anything not hex is false. */
export function signatureMatches(received: string | undefined, expected: string): boolean {
  if (received === undefined || !/^[0-9a-f]+$/i.test(received) || received.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(received.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}
