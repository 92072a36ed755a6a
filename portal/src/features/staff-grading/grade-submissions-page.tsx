import type { ScreenProps } from '../../lib/screen-props';
import { StaffLayout } from '../staff-shell/staff-layout';

// Issue 30: this screen is being built (a placeholder so the route exists).
export default function GradeSubmissionsPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-1 text-2xl font-bold">{title}</h1>
      </main>
    </StaffLayout>
  );
}
