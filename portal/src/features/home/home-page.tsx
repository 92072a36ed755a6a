import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { isFlagOff } from '@invigil/shared/domain/menu-flags';
import { formatLongDate } from '../../lib/date-time';
import { displayName, isLoggedIn, meritPoints, userConfig } from '../auth/auth-state';
import { MENU_ICONS } from '../menu/menu-icons';
import { homeTiles } from '../menu/menu-entries';
import { UpcomingClassCard } from '../timetable/upcoming-class-card';

function Landing() {
  return (
    <main className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4">
      <section className="card w-full max-w-md bg-base-100 text-center shadow-xl" aria-labelledby="landing-heading">
        <div className="card-body items-center gap-4">
          <h1 id="landing-heading" className="text-2xl font-bold">Institute Management System</h1>
          <p className="opacity-80">Classes, study material, fees and proctored online tests in one place.</p>
          <Link href="/auth/login" className="btn btn-primary btn-wide">Student Login</Link>
        </div>
      </section>
    </main>
  );
}

export default function HomePage() {
  useSignals();
  if (!isLoggedIn.value) return <Landing />;
  const tiles = homeTiles(userConfig.value);
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <section className="card bg-primary text-primary-content shadow" aria-labelledby="welcome-heading">
        <div className="card-body">
          <h1 id="welcome-heading" className="card-title text-2xl">Welcome, {displayName.value}!</h1>
          <p>{formatLongDate(new Date())}</p>
          <p>
            Merit points: <strong>{meritPoints.value}</strong>
          </p>
        </div>
      </section>
      {/* The class card is the Timetable's: not shown (nor asked for) when the institute turned it off. */}
      {isFlagOff(userConfig.value, 'TIMETABLE') ? null : (
        <div className="mt-6">
          <UpcomingClassCard />
        </div>
      )}
      <nav aria-label="Home tiles" className="mt-6">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {tiles.map((tile) => {
            const Icon = MENU_ICONS[tile.key];
            return (
              <li key={tile.key}>
                <Link href={tile.href} className="card h-full bg-base-100 shadow transition hover:shadow-lg focus-visible:shadow-lg">
                  <span className="card-body items-center gap-2 p-4 text-center">
                    {Icon ? <Icon className="h-8 w-8 text-primary" aria-hidden="true" /> : null}
                    <span className="font-medium">{tile.title}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </main>
  );
}
