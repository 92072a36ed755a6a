import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { ROLE_LABELS } from '../staff-auth/staff-roles';
import { staffSession } from '../staff-auth/staff-session';
import { areasFor } from '../staff-shell/staff-areas';
import { StaffLayout } from '../staff-shell/staff-layout';

/** What each role is for, above its cards. */
const ROLE_SUMMARY = {
  admin: 'You run the institute\'s side: every screen, and the staff accounts.',
  teacher: 'Your classes and subjects: their students, tests, questions, grading and study material.',
  proctor: 'The live console of the tests you are assigned to.',
} as const;

function Cards() {
  useSignals();
  const staff = staffSession.value?.staff;
  if (!staff) return null;
  const cards = areasFor(staff.role).filter((area) => area.description);
  return (
    <>
      <p className="mb-6">
        Signed in as <span className="font-semibold">{staff.name}</span> ({ROLE_LABELS[staff.role]}). {ROLE_SUMMARY[staff.role]}
      </p>
      {cards.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6">No screens are open to the {ROLE_LABELS[staff.role]} role yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="What you can do">
          {cards.map((area) => (
            <li key={area.href} className="card bg-base-100 shadow">
              <div className="card-body gap-2">
                <h2 className="card-title">{area.label}</h2>
                <p className="text-sm">{area.description}</p>
                <div className="card-actions justify-end">
                  <Link href={area.href} className="btn btn-primary btn-sm">Open {area.label}</Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /staff: Staff Home, a card for each screen the role may open. */
export default function StaffHomePage({ title }: ScreenProps) {
  return (
    <StaffLayout>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        <Cards />
      </main>
    </StaffLayout>
  );
}
