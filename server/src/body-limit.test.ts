import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { RECEIPT_MAX_BYTES, uploadReceiptReplySchema } from '@invigil/shared/api/fees';
import { presignAssignmentReplySchema } from '@invigil/shared/api/study';
import { STUDY_UPLOAD_TYPES } from '@invigil/shared/api/study-messages';
import { ERROR_MESSAGES } from './app';
import { DEMO_STUDY } from './seed/demo-study';
import { CERTIFICATE_PAY_PATH } from './modules/certificates/certificates-module';
import { SIMULATOR_CHECKOUT_PATH } from './modules/fees/fees-module';
import { useTestApp } from './test-support/test-app';
import type { TestApp } from './test-support/test-app';

const newApp = useTestApp();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f80f00010401005f0d5a5a0000000049454e44ae426082', 'hex');

/** A form body just over the limit (the API's, 1 MB in the tests' config). */
const overLimit = (t: TestApp) => `order_id=x&type=x&student=x&pad=${'x'.repeat(t.config.bodyLimitBytes)}`;

const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

async function expectTooLarge(response: Response) {
  expect(response.status).toBe(413);
  expect(errorReplySchema.parse(await response.json()).message).toBe(ERROR_MESSAGES.payloadTooLarge);
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('body limits outside /api', () => {
  it('answers a form post over the limit with a 413, by its Content-Length or as it streams: the certificate pay form, the simulator\'s pay form, any other path', async () => {
    const t = await newApp();
    const body = overLimit(t);
    for (const path of [CERTIFICATE_PAY_PATH, `${SIMULATOR_CHECKOUT_PATH}/pay`, '/no/such/page']) {
      await expectTooLarge(await t.app.request(path, { method: 'POST', headers: form, body }));
      await expectTooLarge(await t.app.request(path, { method: 'POST', headers: form, body: streamOf(body), duplex: 'half' } as RequestInit));
      await expectTooLarge(await t.app.request(path, { method: 'DELETE', headers: form, body }));
    }
    // Under the limit the pages answer as before.
    expect((await t.app.request(CERTIFICATE_PAY_PATH, { method: 'POST', headers: form, body: 'type=x&student=y' })).status).toBe(403);
    expect((await t.app.request(`${SIMULATOR_CHECKOUT_PATH}/pay`, { method: 'POST', headers: form, body: 'order_id=order_nothere' })).status).toBe(404);
    // A PUT to a path that is not a signed upload is limited as well.
    await expectTooLarge(await t.app.request('/blobs/elsewhere/x', { method: 'PUT', headers: { 'content-type': 'image/png' }, body }));
  });

  it('the signed-URL PUTs keep their own limits: a study file and a fee receipt over theirs are 413 too', async () => {
    const t = await newApp();
    const asha = { 'x-access-token': await t.token('DEMO001') };
    const item = DEMO_STUDY.openAssignment;
    const presigned = presignAssignmentReplySchema.parse(await (await t.postJson(`/api/presignURLAssignment/${item}`, { assignment_id: item, content_type: 'image/png', file_name: 'a.png' }, asha)).json());
    const study = await t.app.request(presigned.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.alloc(STUDY_UPLOAD_TYPES.png.maxBytes)]) });
    expect(study.status).toBe(413);

    const receipt = uploadReceiptReplySchema.parse(await (await t.postJson('/api/upload-receipt', { contentType: 'image/png' }, asha)).json());
    const put = await t.app.request(receipt.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.alloc(RECEIPT_MAX_BYTES)]) });
    expect(put.status).toBe(413);
    // Above the API's 1 MB yet within their own: taken.
    const small = presignAssignmentReplySchema.parse(await (await t.postJson(`/api/presignURLAssignment/${item}`, { assignment_id: item, content_type: 'image/png', file_name: 'b.png' }, asha)).json());
    expect((await t.app.request(small.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) })).status).toBe(200);
  });
});
