import { FEE_MESSAGES, PRINT_DELAY_MS } from '@invigil/shared/api/fee-messages';
import { ApiError } from '../../lib/api-client';
import { fetchReceiptHtml } from './fees-api';

const FRAME_ID = 'fee-receipt-print';

/**
 * Print Receipt (spec: My Fees, section 9): the admin service's receipt HTML in a hidden frame,
 * whose print dialog opens 500 ms later; a failure is the alert 'Error : {message}'. A frame, not
 * a window: a window opened after the request's await is blocked as a popup.
 */
export async function printReceipt(printUrl: string, win: Window = window): Promise<void> {
  let html: string;
  try {
    html = await fetchReceiptHtml(printUrl);
  } catch (error) {
    win.alert(FEE_MESSAGES.printError(error instanceof ApiError || error instanceof Error ? error.message : String(error)));
    return;
  }
  const doc = win.document;
  doc.getElementById(FRAME_ID)?.remove();
  const frame = doc.createElement('iframe');
  frame.id = FRAME_ID;
  frame.title = 'Fee receipt';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.addEventListener(
    'load',
    () =>
      win.setTimeout(() => {
        try {
          frame.contentWindow?.focus();
          frame.contentWindow?.print();
        } catch (error) {
          win.alert(FEE_MESSAGES.printError(error instanceof Error ? error.message : String(error)));
        }
      }, PRINT_DELAY_MS),
    { once: true },
  );
  frame.srcdoc = html;
  doc.body.append(frame);
}
