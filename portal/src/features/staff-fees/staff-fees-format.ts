// Money and times as the fee screens show them. The staff side's own small copies: importing the
// student's shared/domain/money or lib/date-time (or an icon a student route uses) from these
// screens moves those modules into new chunks shared with the staff side, and the student routes
// (My Fees, certificates, the PDF viewer) grow (npm run bench:bundle, decision 0065).

/** 125050 -> 'Rs 1,250.50' (Indian grouping; integer arithmetic, as the student's My Fees shows it). */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  const whole = String(Math.floor(abs / 100));
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  return `${sign}Rs ${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '09:05 AM, 28 Nov, 2026' in the browser's zone (the portal's date-time format). */
export function dateTime(ms: number): string {
  const at = new Date(ms);
  const hours = at.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(twelve)}:${pad(at.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}, ${pad(at.getDate())} ${MONTHS[at.getMonth()]}, ${at.getFullYear()}`;
}
