import { useSignals } from '@preact/signals-react/runtime';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { testInProgress } from '../../lib/navigation-lock';
import { showSnackbar } from '../../lib/snackbar';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { isPlainSuccess, REDIRECT_SNACKBAR, redirectTarget, submittedAction, submittedMessage } from './submitted-message';

/** Spec: after submit an auto-redirect occurs after 5 seconds. */
const REDIRECT_MS = 5000;

export default function SubmittedPage({ title }: ScreenProps) {
  useSignals();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const reason = search.get('reason');
  const message = submittedMessage(reason);
  const action = submittedAction(isFlagOn(userConfig.value, 'POST_PDF_UPLOAD'));
  const target = redirectTarget(search.get('redirect'), action);
  const success = isPlainSuccess(reason);

  useEffect(() => {
    testInProgress.value = false;
    showSnackbar(REDIRECT_SNACKBAR, { color: 'info', timeout: REDIRECT_MS });
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="sr-only">{title}</h1>
      <Icon className={`h-16 w-16 ${success ? 'text-success' : 'text-warning'}`} aria-hidden="true" />
      <p className="mt-4 text-xl font-semibold" role="status">{message}</p>
      <Link href={action.href} className="btn btn-primary mt-8">{action.label}</Link>
    </main>
  );
}
