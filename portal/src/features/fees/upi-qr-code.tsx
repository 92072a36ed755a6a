import { useEffect, useState } from 'react';

/**
 * A QR code of a upi://pay link. The `qrcode` package is loaded only here, when the payment
 * methods dialog shows a UPI method (it is not part of the fee page's first JavaScript).
 */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setSrc(null);
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(link, { width: 200, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (alive) setSrc(url);
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [link]);
  if (failed) return null;
  return src ? (
    <img src={src} width={200} height={200} alt={label} className="rounded bg-white p-1" data-testid="upi-qr" />
  ) : (
    <div className="flex h-[200px] w-[200px] items-center justify-center" role="status" aria-label="Loading the QR code">
      <span className="loading loading-spinner" aria-hidden="true" />
    </div>
  );
}
