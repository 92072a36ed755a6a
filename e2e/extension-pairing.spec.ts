import type { ToExtensionMessage } from '@invigil/shared/protocol/messages';
import { createPairRequest, isAckFor } from '@invigil/shared/protocol/pairing';

import { askExtension, expect, PINNED_EXTENSION_ID, test } from './extension-fixture';

// The e2e build trusts exactly http://127.0.0.1:18080. Pages are answered by Playwright (route),
// not by a real server, so this spec needs no port and runs beside the e2e server.
const ALLOWED = 'http://127.0.0.1:18080';
const OTHER = 'http://127.0.0.1:18081'; // same host, other port: the bridge is injected, but must stay silent
const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal stand-in</title></head><body><h1>Portal stand-in</h1></body></html>';

test.beforeEach(async ({ context }) => {
  for (const origin of [ALLOWED, OTHER]) {
    await context.route(`${origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
  }
});


function statusRequest(): ToExtensionMessage {
  const { id } = createPairRequest();
  return { channel: 'invigil', direction: 'to-extension', id, type: 'STATUS_REQUEST', payload: {} };
}

test('the extension id is the pinned one', ({ extensionId }) => {
  expect(extensionId).toBe(PINNED_EXTENSION_ID);
});

test('pairs with the allowed portal origin and the popup says so', async ({ context, page, openPopup }) => {
  await page.goto(`${ALLOWED}/tests/1`);
  const request = createPairRequest();
  const ack = await askExtension(page, request);
  expect(ack?.type).toBe('PAIR_ACK');
  expect(ack?.type === 'PAIR_ACK' && isAckFor(ack, request, ALLOWED)).toBe(true);

  const status = await askExtension(page, statusRequest());
  expect(status).toMatchObject({ type: 'STATUS', payload: { paired: true, origin: ALLOWED } });

  const popup = await openPopup(await context.newPage());
  await expect(popup.getByRole('heading', { name: 'Invigil Proctor' })).toBeVisible();
  await expect(popup.getByRole('status')).toHaveText(`Connected to ${ALLOWED}`);
});

test('stays silent for an origin that is not allowed', async ({ context, page, openPopup }) => {
  await page.goto(`${OTHER}/tests/1`);
  expect(await askExtension(page, createPairRequest(), 1_500)).toBeNull();
  expect(await askExtension(page, statusRequest(), 500)).toBeNull();

  const popup = await openPopup(await context.newPage());
  await expect(popup.getByRole('status')).toHaveText('Not connected');
});

test('drops the pairing when the paired page navigates away or its tab closes', async ({ context, page, openPopup }) => {
  const popup = await openPopup(await context.newPage());
  await expect(popup.getByRole('status')).toHaveText('Not connected');

  await page.goto(`${ALLOWED}/tests/1`);
  expect((await askExtension(page, createPairRequest()))?.type).toBe('PAIR_ACK');
  await expect(popup.getByRole('status')).toHaveText(`Connected to ${ALLOWED}`);

  await page.goto(`${OTHER}/elsewhere`);
  await expect(popup.getByRole('status')).toHaveText('Not connected');

  const second = await context.newPage();
  await second.goto(`${ALLOWED}/tests/2`);
  expect((await askExtension(second, createPairRequest()))?.type).toBe('PAIR_ACK');
  await expect(popup.getByRole('status')).toHaveText(`Connected to ${ALLOWED}`);
  await second.close();
  await expect(popup.getByRole('status')).toHaveText('Not connected');
});

test('ignores requests posted by a frame of the portal page', async ({ page }) => {
  await page.goto(`${ALLOWED}/tests/1`);
  const request = createPairRequest();
  const answered = await page.evaluate(
    (request) =>
      new Promise<boolean>((resolve) => {
        window.addEventListener('message', (event) => {
          if ((event.data as { direction?: string } | null)?.direction === 'to-portal') resolve(true);
        });
        setTimeout(() => resolve(false), 1_500);
        // Same origin as the page (srcdoc inherits it), but event.source is the frame, not the page.
        const frame = document.createElement('iframe');
        frame.srcdoc = `<script>parent.postMessage(${JSON.stringify(request)}, '*')</script>`;
        document.body.append(frame);
      }),
    request,
  );
  expect(answered).toBe(false);
});
