import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { extensionLink, extensionPairingSettled } from '../extension/extension-status';
import { guidePath } from '../troubleshoot/troubleshoot-guides';
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
        {paired ? null : <NoExtensionNote settled={extensionPairingSettled.value} />}
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

/**
 * Why "This page" watches: no extension answered here. An installed extension built for other
 * portal addresses stays silent on this one (its bridge runs only where it trusts the page), so
 * the page cannot tell "none installed" from "installed for elsewhere"; it says both.
 */
function NoExtensionNote({ settled }: { settled: boolean }) {
  if (!settled) return <p className="text-sm" role="status">Looking for the Invigil Proctor extension…</p>;
  return (
    <div className="rounded-box bg-base-200 p-3 text-sm" role="note" aria-label="Extension">
      <p>
        <span className="font-semibold">No extension is connected</span> on this page ({window.location.origin}), so this page watches what it
        can. An installed Invigil Proctor extension works only on the portal addresses it was built for.
      </p>
      <Link href={guidePath('extension')} className="link link-primary mt-1 inline-block">
        How to get the extension, or build it for this address
      </Link>
    </div>
  );
}
