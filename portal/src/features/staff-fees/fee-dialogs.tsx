import type { FeeHead, FeeRow } from '@invigil/shared/api/staff-fees';
import type { StaffClass, StaffStudent } from '@invigil/shared/api/staff-students';
import { FEE_TYPE_LABELS, FEE_TYPES, OFFLINE_MODE_LABELS, OFFLINE_MODES, amountError, isMonthlyFeeType, parseRupees, rupeesField } from '@invigil/shared/api/staff-fees-text';
import type { FeeTypeName, OfflineModeName } from '@invigil/shared/api/staff-fees-text';
import { rupees as formatRupees } from './staff-fees-format';
import { useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import { fetchStudents } from '../staff-students/staff-students-api';
import { FormError, InputField, MoneyField, SelectField, messageOf } from './fee-fields';
import { chargeFee, deleteFee, editFee, recordOffline, saveHead, todayField } from './staff-fees-api';

/** Add or rename a fee head. */
export function HeadDialog({ head, onClose, onSaved }: { head: FeeHead | null; onClose: () => void; onSaved: () => void }) {
  const [title, setTitle] = useState(head?.title ?? '');
  const [feeType, setFeeType] = useState<string>(head?.feeType ?? 'tuition');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!title.trim()) return setTitleError('Enter a title.');
    setTitleError(null);
    setBusy(true);
    try {
      await saveHead(head?.id ?? null, { title: title.trim(), feeType: feeType as FeeTypeName });
      onSaved();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      title={head ? `Edit fee head ${head.title}` : 'Add a fee head'}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>{busy ? 'Saving…' : 'Save fee head'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <InputField label="Title" value={title} onChange={setTitle} error={titleError} autoFocus hint="As the student sees it in My Fees, e.g. Tuition Fee." />
        <SelectField label="Type" value={feeType} onChange={setFeeType}>
          {FEE_TYPES.map((type) => <option key={type} value={type}>{FEE_TYPE_LABELS[type]}</option>)}
          {(FEE_TYPES as readonly string[]).includes(feeType) ? null : <option value={feeType}>{feeType}</option>}
        </SelectField>
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

/** Charge a head to a whole class or to one student. */
export function ChargeDialog({ heads, classes, onClose, onCharged }: { heads: FeeHead[]; classes: StaffClass[]; onClose: () => void; onCharged: (message: string) => void }) {
  const [headId, setHeadId] = useState(heads[0]?.id ?? '');
  const [target, setTarget] = useState<'class' | 'student'>('class');
  const [classId, setClassId] = useState(classes[0]?.id ?? '');
  const [studentQuery, setStudentQuery] = useState('');
  const [matches, setMatches] = useState<StaffStudent[]>([]);
  const [studentId, setStudentId] = useState('');
  const [amount, setAmount] = useState('');
  const [fine, setFine] = useState('0');
  const [dueDate, setDueDate] = useState('');
  const [dueMonth, setDueMonth] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const head = heads.find((item) => item.id === headId);
  const monthly = head ? isMonthlyFeeType(head.feeType) : false;

  useEffect(() => {
    if (target !== 'student' || studentQuery.trim().length < 2) return setMatches([]);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchStudents({ q: studentQuery.trim(), classId: '', status: '', page: 1 }, abort.signal).then(
        (reply) => {
          setMatches(reply.items.slice(0, 10));
          setStudentId((current) => (reply.items.some((item) => item.id === current) ? current : (reply.items[0]?.id ?? '')));
        },
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [studentQuery, target]);

  async function save() {
    const found: Record<string, string> = {};
    const amountPaise = parseRupees(amount);
    const finePaise = parseRupees(fine || '0');
    if (!headId) found.head = 'Choose a fee head (add one first).';
    if (target === 'class' && !classId) found.target = 'Choose a class.';
    if (target === 'student' && !studentId) found.target = 'Search for the student and choose them.';
    if (amountPaise === null || amountPaise <= 0) found.amount = amountError;
    if (finePaise === null) found.fine = amountError;
    if (!dueDate) found.dueDate = 'Enter the due date.';
    if (monthly && !dueMonth) found.dueMonth = 'A monthly fee needs its month.';
    setErrors(found);
    if (Object.keys(found).length > 0 || amountPaise === null || finePaise === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await chargeFee({ headId, ...(target === 'class' ? { classId } : { studentId }), amountPaise, finePaise, dueDate, dueMonth: monthly ? dueMonth : null });
      onCharged(`Charged ${reply.charged} student${reply.charged === 1 ? '' : 's'}${reply.skipped > 0 ? ` (${reply.skipped} already had this fee)` : ''}.`);
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Charge a fee"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>{busy ? 'Charging…' : 'Charge fee'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <SelectField label="Fee head" value={headId} onChange={setHeadId} error={errors.head}>
          {heads.map((item) => <option key={item.id} value={item.id}>{item.title} ({FEE_TYPE_LABELS[item.feeType as FeeTypeName] ?? item.feeType})</option>)}
        </SelectField>
        <fieldset className="mt-2">
          <legend className="label-text mb-1 font-medium">Charge to</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2"><input type="radio" className="radio radio-sm" name="charge-target" checked={target === 'class'} onChange={() => setTarget('class')} />Every student of a class</label>
            <label className="flex items-center gap-2"><input type="radio" className="radio radio-sm" name="charge-target" checked={target === 'student'} onChange={() => setTarget('student')} />One student</label>
          </div>
        </fieldset>
        {target === 'class' ? (
          <SelectField label="Class" value={classId} onChange={setClassId} error={errors.target}>
            {classes.map((item) => <option key={item.id} value={item.id}>{item.name} ({item.studentCount} students)</option>)}
          </SelectField>
        ) : (
          <>
            <InputField label="Find the student" type="search" value={studentQuery} onChange={setStudentQuery} hint="Name or reg. no., at least 2 characters." />
            <SelectField label="Student" value={studentId} onChange={setStudentId} error={errors.target}>
              {matches.length === 0 ? <option value="">No student found yet</option> : null}
              {matches.map((item) => <option key={item.id} value={item.id}>{item.name} ({item.regNo}{item.className ? `, ${item.className}` : ''})</option>)}
            </SelectField>
          </>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <MoneyField label="Amount" value={amount} onChange={setAmount} error={errors.amount} />
          <MoneyField label="Fine" value={fine} onChange={setFine} error={errors.fine} hint="Counted in what is due; 0 for none." />
          <InputField label="Due date" type="date" value={dueDate} onChange={setDueDate} error={errors.dueDate} />
          {monthly ? <InputField label="Due month" type="month" value={dueMonth} onChange={setDueMonth} error={errors.dueMonth} hint="Shown after the title: Tuition Fee - April 2026." /> : null}
        </div>
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

/** Edit a fee's amount, due date and fine; lowering the fine needs a reason. */
export function EditFeeDialog({ fee, onClose, onSaved }: { fee: FeeRow; onClose: () => void; onSaved: () => void }) {
  const [amount, setAmount] = useState(rupeesField(fee.amountPaise));
  const [fine, setFine] = useState(rupeesField(fee.finePaise));
  const [dueDate, setDueDate] = useState(fee.dueDate);
  const [dueMonth, setDueMonth] = useState(fee.dueMonth ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const finePaise = parseRupees(fine);
  const lowering = finePaise !== null && finePaise < fee.finePaise;
  const monthly = isMonthlyFeeType(fee.feeType);

  async function save() {
    const found: Record<string, string> = {};
    const amountPaise = parseRupees(amount);
    if (amountPaise === null) found.amount = amountError;
    if (finePaise === null) found.fine = amountError;
    if (!dueDate) found.dueDate = 'Enter the due date.';
    if (lowering && !reason.trim()) found.reason = 'Give a reason for waiving or lowering the fine.';
    if (amountPaise !== null && finePaise !== null && amountPaise + finePaise < fee.paidPaise) found.amount = `The fee and fine cannot be less than what was paid (${formatRupees(fee.paidPaise)}).`;
    setErrors(found);
    if (Object.keys(found).length > 0 || amountPaise === null || finePaise === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await editFee(fee.id, { amountPaise, finePaise, dueDate, ...(monthly ? { dueMonth: dueMonth || null } : {}), fineReason: reason.trim() });
      onSaved();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Edit ${fee.details} of ${fee.studentName}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>{busy ? 'Saving…' : 'Save changes'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <p className="text-sm">Paid so far: <strong>{formatRupees(fee.paidPaise)}</strong></p>
        <div className="grid gap-2 sm:grid-cols-2">
          <MoneyField label="Amount" value={amount} onChange={setAmount} error={errors.amount} autoFocus />
          <MoneyField label="Fine" value={fine} onChange={setFine} error={errors.fine} hint="0 waives the fine." />
          <InputField label="Due date" type="date" value={dueDate} onChange={setDueDate} error={errors.dueDate} />
          {monthly ? <InputField label="Due month" type="month" value={dueMonth} onChange={setDueMonth} /> : null}
        </div>
        {lowering ? <InputField label="Reason for waiving the fine" value={reason} onChange={setReason} error={errors.reason} hint="Kept in the audit log." /> : null}
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

/** Record a cash, cheque or bank payment against a fee (once per reference). */
export function PaymentDialog({ fee, onClose, onSaved }: { fee: FeeRow; onClose: () => void; onSaved: (message: string) => void }) {
  const [mode, setMode] = useState<OfflineModeName>('cash');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(rupeesField(fee.balancePaise));
  const [paidOn, setPaidOn] = useState(todayField());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const found: Record<string, string> = {};
    const amountPaise = parseRupees(amount);
    if (amountPaise === null || amountPaise <= 0) found.amount = amountError;
    else if (amountPaise > fee.balancePaise) found.amount = `At most the balance, ${formatRupees(fee.balancePaise)}.`;
    if (!reference.trim()) found.reference = 'Enter the receipt or cheque number.';
    if (!paidOn) found.paidOn = 'Enter the date it was paid.';
    setErrors(found);
    if (Object.keys(found).length > 0 || amountPaise === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await recordOffline(fee.id, { mode, reference: reference.trim(), amountPaise, paidOn });
      onSaved(reply.recorded ? `Recorded ${formatRupees(amountPaise)} for ${fee.studentName}.` : `Reference ${reference.trim()} was already recorded: nothing added.`);
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Record a payment: ${fee.details}, ${fee.studentName}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>{busy ? 'Recording…' : 'Record payment'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <p className="text-sm">Balance: <strong>{formatRupees(fee.balancePaise)}</strong></p>
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectField label="Mode" value={mode} onChange={(value) => setMode(value as OfflineModeName)}>
            {OFFLINE_MODES.map((item) => <option key={item} value={item}>{OFFLINE_MODE_LABELS[item]}</option>)}
          </SelectField>
          <InputField label="Receipt or cheque number" value={reference} onChange={setReference} error={errors.reference} autoFocus />
          <MoneyField label="Amount" value={amount} onChange={setAmount} error={errors.amount} />
          <InputField label="Paid on" type="date" value={paidOn} onChange={setPaidOn} error={errors.paidOn} />
        </div>
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

/** Confirm deleting an unpaid fee. */
export function DeleteFeeDialog({ fee, onClose, onDeleted }: { fee: FeeRow; onClose: () => void; onDeleted: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await deleteFee(fee.id);
      onDeleted();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      title="Delete this fee?"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" autoFocus onClick={onClose}>Keep it</button>
          <button type="button" className="btn btn-error" disabled={busy} onClick={() => void remove()}>{busy ? 'Deleting…' : 'Delete fee'}</button>
        </>
      }
    >
      <p>{fee.details} ({formatRupees(fee.amountPaise + fee.finePaise)}, due {fee.dueDate}) of {fee.studentName} ({fee.regNo}) will no longer be charged. Nothing has been paid toward it.</p>
      <FormError message={failure} />
    </Modal>
  );
}
