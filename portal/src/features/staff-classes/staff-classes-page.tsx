import type { StaffClass, StaffStudentListReply } from '@invigil/shared/api/staff-students';
import { useSignals } from '@preact/signals-react/runtime';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { TextField } from '../../ui/text-field';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { formErrors } from '../staff-accounts/staff-form';
import { staffSession } from '../staff-auth/staff-session';
import { StaffLayout } from '../staff-shell/staff-layout';
import { ClassSelect } from '../staff-students/class-select';
import { fetchStudents } from '../staff-students/staff-students-api';
import { createClass, fetchClasses, moveStudents, renameClass } from './staff-classes-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

function ClassesTable({ classes, isAdmin, onRename }: { classes: readonly StaffClass[]; isAdmin: boolean; onRename: (item: StaffClass) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Classes table' } : {})}>
      <table className="table">
        <caption className="sr-only">Classes</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">Students</th>
            {isAdmin ? <th scope="col"><span className="sr-only">Actions</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {classes.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="font-normal">
                <Link href={`/staff/students?class=${encodeURIComponent(item.id)}`} className="link link-primary font-semibold">{item.name}</Link>
              </th>
              <td>{item.studentCount.toLocaleString('en-IN')}</td>
              {isAdmin ? (
                <td className="text-right">
                  <button type="button" className="btn btn-sm btn-outline" aria-label={`Rename ${item.name}`} onClick={() => onRename(item)}>Rename</button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewClassForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Enter a class name.');
    setBusy(true);
    try {
      const made = await createClass(name.trim());
      showSnackbar(`Created ${made.name}.`, { color: 'success' });
      setName('');
      setError(undefined);
      onCreated();
    } catch (failure) {
      const shown = formErrors(failure, ['name'] as const);
      setError(shown.fields.name ?? shown.message ?? undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="min-w-0 flex-1 basis-56"><TextField label="New class name" value={name} onChange={setName} error={error} autoComplete="off" /></div>
      <button type="submit" className="btn btn-primary gap-1" disabled={busy}><Plus className="h-4 w-4" aria-hidden="true" />Create class</button>
    </form>
  );
}

function RenameDialog({ item, onClose, onRenamed }: { item: StaffClass | null; onClose: () => void; onRenamed: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(item?.name ?? '');
    setError(undefined);
  }, [item]);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    if (!name.trim()) return setError('Enter a class name.');
    setBusy(true);
    try {
      const renamed = await renameClass(item.id, name.trim());
      showSnackbar(`Renamed to ${renamed.name}.`, { color: 'success' });
      onRenamed();
      onClose();
    } catch (failure) {
      const shown = formErrors(failure, ['name'] as const);
      setError(shown.fields.name ?? shown.message ?? undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={item !== null} title={item ? `Rename ${item.name}` : ''} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label="Class name" value={name} onChange={setName} error={error} autoComplete="off" />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>Save name</button>
        </div>
      </form>
    </Modal>
  );
}

/** Pick students of one class (a page at a time) and move them to another. */
function MoveStudents({ classes, onMoved }: { classes: readonly StaffClass[]; onMoved: () => void }) {
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const [page, setPage] = useState(1);
  const [reply, setReply] = useState<StaffStudentListReply | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!fromId) return setReply(null);
    const abort = new AbortController();
    fetchStudents({ q: '', classId: fromId, status: '', page }, abort.signal).then(setReply, (error: unknown) => {
      if (!abort.signal.aborted) showSnackbar(messageOf(error), { color: 'error' });
    });
    return () => abort.abort();
  }, [fromId, page, reload]);

  const toggle = (id: string, on: boolean) => setChosen((current) => {
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });
  const pageIds = reply?.items.map((student) => student.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));

  async function move() {
    setBusy(true);
    try {
      const moved = await moveStudents(fromId, [...chosen], toId);
      const target = classes.find((item) => item.id === toId)?.name ?? 'the class';
      showSnackbar(`Moved ${moved} ${moved === 1 ? 'student' : 'students'} to ${target}.`, { color: 'success' });
      setChosen(new Set());
      setReload((n) => n + 1);
      onMoved();
    } catch (error) {
      const message = formErrors(error, [] as const).message;
      if (message) showSnackbar(message, { color: 'error', timeout: 5000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <ClassSelect label="From class" classes={classes} value={fromId} noneLabel="Choose a class" onChange={(id) => { setFromId(id); setPage(1); setChosen(new Set()); }} />
        <ClassSelect label="To class" classes={classes.filter((item) => item.id !== fromId)} value={toId} noneLabel="Choose a class" onChange={setToId} />
      </div>
      {reply ? (
        reply.items.length === 0 ? <p>No students in this class.</p> : (
          <fieldset className="min-w-0 rounded-box border border-base-300 p-3">
            <legend className="px-1 font-semibold">Students to move</legend>
            <label className="label cursor-pointer justify-start gap-3 whitespace-normal border-b border-base-300 pb-2">
              <input type="checkbox" className="checkbox checkbox-sm" checked={allOnPage} onChange={(event) => setChosen((current) => {
                const next = new Set(current);
                for (const id of pageIds) if (event.target.checked) next.add(id); else next.delete(id);
                return next;
              })} />
              <span className="label-text text-base-content">All on this page</span>
            </label>
            <ul className="grid gap-1 pt-2 sm:grid-cols-2">
              {reply.items.map((student) => (
                <li key={student.id}>
                  <label className="label cursor-pointer justify-start gap-3 whitespace-normal py-1">
                    <input type="checkbox" className="checkbox checkbox-sm" checked={chosen.has(student.id)} onChange={(event) => toggle(student.id, event.target.checked)} />
                    <span className="label-text text-base-content">{student.name} <span className="opacity-80">({student.regNo})</span></span>
                  </label>
                </li>
              ))}
            </ul>
            <StaffListPages label="Pages of the class" page={reply.page} pageSize={reply.pageSize} total={reply.total} shown={reply.items.length} onPage={setPage} />
          </fieldset>
        )
      ) : null}
      <button type="button" className="btn btn-primary self-start" disabled={busy || chosen.size === 0 || !toId || !fromId} onClick={() => void move()}>
        Move {chosen.size} {chosen.size === 1 ? 'student' : 'students'}
      </button>
    </div>
  );
}

function Classes({ isAdmin }: { isAdmin: boolean }) {
  const [classes, setClasses] = useState<StaffClass[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [renaming, setRenaming] = useState<StaffClass | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchClasses(abort.signal).then(
      (next) => {
        setClasses(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => abort.abort();
  }, [reload]);
  const again = () => setReload((n) => n + 1);

  if (failure && !classes) return <div className="alert alert-error" role="alert"><span>{failure}</span><button type="button" className="btn btn-sm" onClick={again}>Retry</button></div>;
  if (!classes) return <div className="flex justify-center py-16" role="status" aria-label="Loading classes"><span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" /></div>;
  return (
    <div className="flex flex-col gap-4">
      {isAdmin ? <section className="rounded-box bg-base-100 p-4 shadow" aria-label="Create a class"><NewClassForm onCreated={again} /></section> : null}
      <section className="rounded-box bg-base-100 shadow" aria-label="Class list">
        {classes.length === 0 ? <p className="px-4 py-10 text-center">{isAdmin ? 'No classes yet: create one above.' : 'You are not assigned to any class yet.'}</p> : <ClassesTable classes={classes} isAdmin={isAdmin} onRename={setRenaming} />}
      </section>
      {isAdmin && classes.length > 1 ? (
        <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby="move-heading">
          <h2 id="move-heading" className="mb-3 text-lg font-semibold">Move students</h2>
          <MoveStudents classes={classes} onMoved={again} />
        </section>
      ) : null}
      {isAdmin ? <RenameDialog item={renaming} onClose={() => setRenaming(null)} onRenamed={again} /> : null}
    </div>
  );
}

/** /staff/classes: the classes with their counts; an admin creates, renames and moves students between them. */
export default function StaffClassesPage({ title }: ScreenProps) {
  useSignals();
  const isAdmin = staffSession.value?.staff.role === 'admin';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <Classes isAdmin={isAdmin} />
      </main>
    </StaffLayout>
  );
}
