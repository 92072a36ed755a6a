// The results page's tabs (drawn by staff-shell/staff-tabs.tsx).
export const RESULT_TABS = ['attempts', 'items', 'changes', 'marksheets', 'review'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];
export const RESULT_TAB_LABELS: Record<ResultTab, string> = { attempts: 'Attempts', items: 'Item analysis', changes: 'Changes', marksheets: 'Marksheets', review: 'Review' };
