import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import { extensionLink } from '../extension/extension-status';
import { BLIND_SPOTS, browserAbilities, proctorCoverage, WATCHER_LABEL, type Watcher } from './proctor-coverage';

const BADGE: Record<Watcher, string> = { extension: 'badge-success', page: 'badge-info', none: 'badge-ghost' };

/** The device check's list of signals and who watches each in this browser (issue 4). */
export function ProctorCoverageCard() {
  useSignals();
  const paired = extensionLink.value !== null;
  const rows = useMemo(() => proctorCoverage(browserAbilities(window, paired)), [paired]);
  return (
    <section className="card mt-4 bg-base-100 shadow" aria-labelledby="coverage-heading">
      <div className="card-body gap-3">
        <h2 id="coverage-heading" className="card-title">What this browser can watch</h2>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Signal</th>
              <th scope="col">Watched by</th>
              <th scope="col" className="hidden sm:table-cell">What it sees</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.signal}>
                <th scope="row" className="text-sm font-medium">{row.signal}</th>
                <td><span className={`badge badge-sm ${BADGE[row.watcher]}`}>{WATCHER_LABEL[row.watcher]}</span></td>
                <td className="hidden text-sm sm:table-cell">{row.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm">{BLIND_SPOTS}</p>
      </div>
    </section>
  );
}
