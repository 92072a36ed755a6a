import type { ScreenProps } from '../../lib/screen-props';

// Issue 29: replaced by the screen itself.
export default function StudentResultsPage(_props: ScreenProps) {
  return null;
}
