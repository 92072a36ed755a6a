import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { ColumnType, DatabaseConnection, Driver, Generated, QueryResult } from 'kysely';
import pg from 'pg';
import type { CustomTypesConfig } from 'pg';
import type { Logger } from './lib/logger';

/**
 * Column types as both drivers return them once normalised: booleans are INTEGER 0/1 (SQLite
 * has no boolean and better-sqlite3 refuses to bind JS booleans), timestamps are BIGINT
 * milliseconds returned as JS numbers (pg's int8 parser is replaced below).
 */
export interface UsersTable {
  id: string;
  reg_no: string;
  email: string;
  name: string;
  phone: string;
  password_hash: string;
  meritpoints: number;
  avatar: string | null;
  /** JSON object of config flags. */
  config: string;
  verified: 0 | 1;
  otp_hash: string | null;
  otp_expires_at: number | null;
  password_changed_at: number;
  created_at: number;
  /** Epoch ms the student was disabled (migration 0018): no sign-in, no session. */
  disabled_at: number | null;
  /** Epoch ms of the last sign-in (migration 0018). */
  last_sign_in_at: number | null;
}

export interface LoginFailuresTable {
  /** `user:<id>`, `identifier:<text>` or `ip:<address>`. */
  key: string;
  failures: number;
  window_started_at: number;
}

/** A test: its paper (no keys) and its keys kept apart, with the rules of taking it. */
export interface TestsTable {
  id: string;
  name: string;
  description: string;
  type: string;
  mock_id: string | null;
  instruction: string;
  /** JSON list of chapter names. */
  chapters: string;
  /** JSON object of test config flags. */
  config: string;
  /** TestPaper JSON, version included: what every student of this version gets. */
  paper: string;
  paper_hash: string;
  version: number;
  /** JSON list of AnswerKeyEntry. */
  answer_key: string;
  duration_seconds: number;
  activation_at: number | null;
  ends_at: number | null;
  access_code_hash: string | null;
  mp_cost: number;
  shuffle: string;
  partwise_timing: 0 | 1;
  partwise_time_gap_seconds: number;
  skip_prepare: 0 | 1;
  allow_resume: 0 | 1;
  open_to_all: 0 | 1;
  noq: number;
  created_at: number;
  updated_at: number;
  /** 'after_end' | 'on_submit' | 'manual'; null: the default (decision 0051). */
  review_rule: string | null;
  /** Under 'manual', when the institute released the review (ms); null: not yet. */
  review_released_at: number | null;
}

export interface TestAssignmentsTable {
  test_id: string;
  user_id: string;
}

export interface AttemptsTable {
  id: string;
  user_id: string;
  test_id: string;
  test_version: number;
  started_at: number;
  /** Start + duration + extensions (ms). */
  deadline_ms: number;
  /** JSON list of {minutes, at}. */
  extensions: string;
  submitted_at: number | null;
  submit_reason: string | null;
  late: 0 | 1;
  last_qn: number;
  /** JSON list of devices. */
  devices: string;
  mp_charged: number;
  /** Result JSON once submitted. */
  result: string | null;
  remark: string | null;
  updated_at: number;
  /** Set while a proctor has paused the attempt (migration 0013). */
  paused_at: number | null;
}

export interface AnswersTable {
  attempt_id: string;
  qn: number;
  /** 0: the on-time state; 1: the latest change that came after the deadline's grace. */
  late: 0 | 1;
  rev: number;
  /** JSON AnswerValue. */
  ua: string;
  ats: number | null;
  mts: number | null;
  vts: number | null;
  s: number;
  r: string | null;
  client_at: number | null;
  updated_at: number;
}

/** A teacher's grade of one question of a submitted attempt (migration 0005). */
export interface GradesTable {
  attempt_id: string;
  qn: number;
  /** Marks in hundredths: 250 is 2.5. */
  marks_hundredths: number;
  remark: string | null;
  graded_at: number;
  /** The staff account that gave it; null for an imported grade (0022). */
  graded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON list of the rubric item ids applied (0022). */
  rubric_items: ColumnType<string, string | undefined, string>;
  /** The teacher's free comment, apart from the rubric items' texts (0022); null for an import. */
  comment: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MarksheetsTable {
  id: string;
  user_id: string;
  name: string;
  html: string;
  created_at: number;
  updated_at: number;
  /** The test it was produced from; null for an imported marksheet (0023). */
  test_id: ColumnType<string | null, string | null | undefined, string | null>;
  generated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface QuestionReportsTable {
  id: string;
  user_id: string;
  test_id: string;
  qn: number;
  text: string;
  created_at: number;
  /** 'open' | 'resolved' (0022). */
  status: ColumnType<string, string | undefined, string>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A rubric per question of a test (0022): items is JSON [{id, points, text}]. */
export interface QuestionRubricsTable {
  test_id: string;
  qn: number;
  items: string;
  updated_by: string | null;
  updated_at: number;
}

/** Every grade given, never updated (0022). */
export interface GradeHistoryTable {
  id: string;
  attempt_id: string;
  qn: number;
  marks_hundredths: number;
  remark: string | null;
  rubric_items: string;
  comment: ColumnType<string | null, string | null | undefined, string | null>;
  graded_by: string | null;
  graded_at: number;
}

/** Answers a teacher marked "needs a second look" (0022). */
export interface GradingSecondLooksTable {
  attempt_id: string;
  qn: number;
  staff_id: string | null;
  created_at: number;
}

/** A question re-keyed, dropped or restored after the test (0023). */
export interface QuestionChangesTable {
  id: string;
  test_id: string;
  qn: number;
  /** 'rekey' | 'drop' | 'restore'. */
  kind: string;
  /** JSON of the key entry before and after. */
  before: string;
  after: string;
  reason: string;
  staff_id: string | null;
  rescored: number;
  created_at: number;
}

/** A reviewer's verdict on one event of an attempt's trail (0024). */
export interface FlagReviewsTable {
  attempt_id: string;
  event_id: string;
  /** 'cleared' | 'confirmed'. */
  verdict: string;
  note: string;
  reviewer_id: string | null;
  reviewed_at: number;
}

/** One staff write (0025): who, what, when, the record before and after (JSON). */
export interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string;
  actor_name: string;
  actor_role: string;
  action: string;
  entity_type: string;
  entity_id: string;
  summary: string;
  before: string | null;
  after: string | null;
  request: Generated<string>;
}

// Issue 30 (0026): notices, queries and certificates in the staff console.

// Issue 30 (0027): the timetable and attendance in the staff console.
/** Migration 0027: a save of a class's register that changed marks; `changes` is JSON [{studentId, name, before, after}]. */
export interface AttendanceChangesTable {
  id: string;
  class_id: string;
  attendance_date: string;
  at: number;
  actor_id: string;
  actor_name: string;
  reason: string | null;
  changes: string;
}

// Issue 30 (0028): fees in the staff console.
/** Migration 0028: a cash, cheque or bank payment the office recorded against a fee (one per fee and reference). */
export interface FeeOfflinePaymentsTable {
  id: string;
  student_fee_id: string;
  mode: 'cash' | 'cheque' | 'bank';
  reference: string;
  amount_paise: number;
  paid_on: string;
  recorded_by: string;
  created_at: number;
}

// Issue 30 (0029): study material and assignments in the staff console.
/** Every score a staff member gave a student's submission (0029), newest last. */
export interface StudyScoreHistoryTable {
  id: string;
  item_id: string;
  user_id: string;
  score_hundredths: number;
  comment: string;
  graded_by: string;
  graded_by_name: string;
  graded_at: number;
}

/** The decision on an attempt as a whole (0024): 'no_concern' | 'under_review' | 'void'. */
export interface AttemptReviewsTable {
  attempt_id: string;
  decision: string;
  reason: string;
  reviewer_id: string | null;
  decided_at: number;
}

export interface UploadsTable {
  id: string;
  attempt_id: string;
  /** 0: the whole attempt; else the question number. */
  qn: number;
  ext: string;
  content_type: string;
  status: 'pending' | 'uploaded' | 'saved';
  size: number | null;
  after_submit: 0 | 1;
  created_at: number;
  updated_at: number;
}

/** One proctoring event of an attempt (migration 0006). */
export interface ProctorEventsTable {
  attempt_id: string;
  /** The reporter's id for the event: replays with the same id are stored once. */
  event_id: string;
  kind: string;
  source: string;
  /** 'student' (access token) or 'proctor-token'. */
  via: string;
  /** The reporter's clock, as sent. */
  client_at: number;
  /** client_at moved onto the server's clock. */
  at: number;
  received_at: number;
  /** JSON object of short fields. */
  detail: string | null;
  /** File key of a snapshot of the same attempt. */
  evidence: string | null;
  late: 0 | 1;
}

/** A camera snapshot of an attempt, stored in the upload store (migration 0006). */
export interface ProctorSnapshotsTable {
  file_key: string;
  attempt_id: string;
  reason: string | null;
  source: string;
  size: number;
  created_at: number;
}

/** A session token ended by logging out, kept until the token expires (migration 0007). */
export interface EndedSessionsTable {
  /** SHA-256 of the token, hex. */
  token_hash: string;
  user_id: string;
  expires_at: number;
  ended_at: number;
}

/** Migration 0008: the everyday portal. Day dates are 'yyyy-MM-dd' text in the institute's zone. */
export interface ClassesTable { id: string; name: string }
export interface SubjectsTable { id: string; name: string }
export interface ClassSubjectsTable {
  class_id: string;
  subject_id: string;
  /** JSON list of teacher names. */
  teachers: string;
}
export interface StudentProfilesTable {
  user_id: string;
  class_id: string | null;
  address: string;
  institute: string;
  city: string;
  updated_at: number;
}
export interface PurchasesTable { id: string; user_id: string; meritpoints: number; amount_paise: number; created_at: number }
export interface SchedulesTable {
  id: string;
  class_id: string;
  subject_id: string;
  /** 1 Monday ... 7 Sunday. */
  day: number;
  /** 1 to 10. */
  slot: number;
  /** 'HH:mm'. */
  time: string;
  duration_minutes: number;
  /** JSON list of teacher names. */
  teachers: string;
  meeting_url: string | null;
  created_at: number;
  /** Migration 0027: 1 when staff chose no online meeting (no Jitsi room offered). */
  no_meeting: Generated<number>;
}
export interface ScheduleCancellationsTable { schedule_id: string; date: string; canceled_at: number }
export type Audience = 'all' | 'class' | 'student';
/** notifications and notices share this shape. */
export interface BroadcastsTable {
  id: string;
  title: string;
  content: string;
  /** JSON list of URLs. */
  attachments: string;
  audience: Audience;
  /** The class id or user id; null for 'all'. */
  audience_id: string | null;
  created_at: number;
  /** Migration 0026: the staff account that sent it from the console, and its name then; null for the import's. */
  sent_by: string | null;
  sent_by_name: string | null;
}
export interface NotificationReadsTable { notification_id: string; user_id: string; read_at: number }
export interface NoticeReadsTable { notice_id: string; user_id: string; read_at: number }
export interface MotivationsTable { id: string; content: string; created_at: number }
export interface PushSubscriptionsTable {
  /** SHA-256 of endpoint, hex. */
  id: string;
  user_id: string;
  kind: 'webpush' | 'fcm';
  /** The push service URL, or the FCM registration token. */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  created_at: number;
}
export type AttendanceKind = 'present' | 'absent' | 'late' | 'half_day' | 'leave';
export interface AttendanceRecordsTable { user_id: string; attendance_date: string; attendance: AttendanceKind; updated_at: number }
export interface ChapterNotesTable {
  chapter_id: string;
  subject_name: string;
  chapter_name: string;
  /** JSON list of {id, name, content (HTML), subtopics: [{id, name, content}]}. */
  topics: string;
  updated_at: number;
}
export interface BookmarksTable {
  id: string;
  user_id: string;
  subject_name: string;
  chapter_id: string;
  chapter_name: string;
  topic_id: string;
  topic_name: string;
  subtopic_id: string | null;
  subtopic_name: string | null;
  created_at: number;
}
export interface TodosTable { id: string; user_id: string; text: string; done: 0 | 1; created_at: number; updated_at: number }

/** Migration 0009: study material and students' files for assignments and home work. */
export type StudyItemType = 'assignment' | 'homework' | 'material' | 'video-lecture';
export interface StudyItemsTable {
  id: string;
  subject_id: string;
  author_id: string;
  author_name: string;
  type: StudyItemType;
  title: string;
  description: string;
  /** null: every student. */
  class_id: string | null;
  due_at: number | null;
  max_marks_hundredths: number | null;
  published_at: number;
  result_published: 0 | 1;
  /** JSON list of {name, url, type}. */
  attachments: string;
  created_at: number;
  updated_at: number;
}
export interface StudyScoresTable {
  item_id: string;
  user_id: string;
  score_hundredths: number;
  updated_at: number;
  /** 0029: the teacher's comment, who graded and when (null: imported). */
  comment: string | null;
  graded_by: string | null;
  graded_at: number | null;
}
export interface StudyUploadsTable {
  id: string;
  item_id: string;
  user_id: string;
  ext: string;
  content_type: string;
  /** The name the student sees. */
  name: string;
  stype: string | null;
  status: 'pending' | 'uploaded' | 'saved';
  size: number | null;
  created_at: number;
  updated_at: number;
}

/** Migration 0012: what a student may request, and their requests (fees in paise). */
export interface CertificateTypesTable { id: string; title: string; fee_paise: number; description: string; active: 0 | 1; position: number; created_at: number; updated_at: number }
export type CertificateDeliveryStatus = 'unpaid' | 'pending' | 'processing' | 'delivered' | 'rejected';
export interface CertificateRequestsTable {
  id: string;
  user_id: string;
  type_id: string;
  type_name: string;
  fee_paise: number;
  delivery_status: CertificateDeliveryStatus;
  order_id: string | null;
  certificate_file: string | null;
  created_at: number;
  paid_at: number | null;
  delivered_at: number | null;
  updated_at: number;
  /** Migration 0026: why the institute rejected a paid request (the student sees it), and when. */
  reject_reason: string | null;
  rejected_at: number | null;
}

/** Migration 0011: support queries. Attachments are 'store:{file key}' or a link. */
export interface QueryTypesTable { id: string; name: string; position: number }
export interface QuerySubTypesTable { query_type_id: string; id: string; name: string; position: number }
export interface QueriesTable {
  id: string;
  user_id: string;
  query_type_id: string;
  query_type_name: string;
  query_sub_type_id: string;
  query_sub_type_name: string;
  subject_id: string | null;
  subject_name: string | null;
  query: string;
  attachment: string | null;
  status: 'open' | 'closed';
  created_at: number;
  closed_at: number | null;
}
export interface QueryEngagementsTable {
  id: string;
  query_id: string;
  author: 'student' | 'institute';
  post_by_name: string;
  content: string;
  attachment: string | null;
  created_at: number;
}

/** Migration 0010: fees and online payments. Money in paise; days 'yyyy-MM-dd', months 'yyyy-MM'. */
export interface FeeHeadsTable { id: string; title: string; fee_type: string; created_at: number }
export interface StudentFeesTable {
  id: string;
  fee_head_id: string;
  student_id: string;
  due_month: string | null;
  due_date: string;
  fee_amount_paise: number;
  fine_amount_paise: number;
  paid_paise: number;
  /** Migration 0016: what was paid before the first import (part of paid_paise). */
  opening_paid_paise: Generated<number>;
  created_at: number;
  updated_at: number;
}
export interface PaymentMethodsTable { id: string; type: 'upi' | 'sib'; upi_id: string | null; payee_name: string | null; instruction: string; position: number; created_at: number }
export type FeeReceiptStatus = 'pending' | 'confirmed' | 'rejected';
export interface FeeReceiptsTable {
  id: string;
  student_fee_id: string;
  student_id: string;
  transaction_date: string;
  transaction_id: string;
  cheque_number: string;
  comment: string;
  image_key: string;
  status: FeeReceiptStatus;
  amount_paise: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 0028: why the institute rejected it, who reviewed it and when. */
  reject_reason: Generated<string | null>;
  reviewed_by: Generated<string | null>;
  reviewed_at: Generated<number | null>;
}
export type PaymentOrderStatus = 'created' | 'attempted' | 'failed' | 'paid';
export interface PaymentOrdersTable {
  id: string;
  gateway: string;
  student_id: string;
  purpose_kind: string;
  purpose_id: string;
  amount_paise: number;
  currency: string;
  description: string;
  return_path: string;
  status: PaymentOrderStatus;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** Migration 0016: the reconcile's gateway calls for this order, when it may ask next, when a check last finished. */
  checks: Generated<number>;
  next_check_at: Generated<number | null>;
  checked_at: Generated<number | null>;
  check_claimed_until: Generated<number | null>;
}
/** Migration 0016: refund_paise of amount_paise was not needed by its purpose (never counted): 'to_refund' until the institute refunds it. */
export type PaymentRefundStatus = 'none' | 'to_refund' | 'refunded';
export interface PaymentsTable {
  id: string;
  order_id: string;
  amount_paise: number;
  method: string;
  source: 'checkout' | 'webhook' | 'reconcile';
  created_at: number;
  refund_paise: Generated<number>;
  refund_status: Generated<PaymentRefundStatus>;
  refunded_at: Generated<number | null>;
  /** Migration 0028: the gateway's refund id given when it was marked refunded. */
  refund_reference: Generated<string | null>;
  /** Migration 0026: why the capture is owed back (a rejected certificate's reason); null when the payment service kept it. */
  refund_reason: string | null;
}
export interface PaymentWebhookEventsTable { event_id: string; event_type: string; order_id: string | null; payment_id: string | null; received_at: number }
export interface PaymentRejectionsTable { id: string; source: string; reason: string; order_id: string | null; detail: string; created_at: number }
export interface GatewaySimulatorOrdersTable { id: string; amount_paise: number; currency: string; receipt: string; status: string; created_at: number }
export interface GatewaySimulatorPaymentsTable { id: string; order_id: string; amount_paise: number; method: string; status: string; created_at: number }

/** Migration 0013: live proctoring. */
/** Staff accounts (migration 0017; the proctors of migration 0013). */
export interface StaffAccountsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  role: 'admin' | 'teacher' | 'proctor';
  disabled_at: number | null;
  last_sign_in_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface StaffClassesTable { staff_id: string; class_id: string }
export interface StaffSubjectsTable { staff_id: string; subject_id: string }
export interface ProctorTestsTable { proctor_id: string; test_id: string }
export interface ChatMessagesTable {
  test_id: string;
  /** The student whose thread it is. */
  user_id: string;
  /** Chosen by the sender: a resend lands once. */
  id: string;
  author: 'student' | 'proctor';
  proctor_id: string | null;
  proctor_name: string | null;
  body: string;
  sent_at: number;
  /** Read by the other side. */
  read_at: number | null;
}
export interface ProctorCommandsTable {
  id: string;
  attempt_id: string;
  test_id: string;
  user_id: string;
  type: string;
  reason: string;
  et: number | null;
  ed: string | null;
  proctor_id: string;
  proctor_name: string;
  sent_at: number;
  delivered_at: number | null;
  applied_at: number | null;
}

/** The lease of one periodic job across server processes (migration 0014, decision 0039). */
export interface JobLocksTable {
  name: string;
  /** The process (host:pid:random) holding or last holding the lease. */
  owner: string;
  /** Epoch ms: until then no other process runs the job. */
  lease_until: number;
  last_run_at: number | null;
}

/** The question bank (migration 0019): each question's current version, and every version. */
export interface BankQuestionsTable {
  id: string;
  version: number;
  kind: 'question' | 'description';
  name: string;
  qt: number;
  /** JSON: the question in the test format (importQuestionSchema). */
  question: string;
  subject_id: string | null;
  chapter: string | null;
  difficulty: number | null;
  /** JSON list of strings. */
  labels: string;
  owner_id: string | null;
  /** Lower-case name and text without markup. */
  search: string;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
}
export interface BankQuestionVersionsTable {
  question_id: string;
  version: number;
  kind: 'question' | 'description';
  name: string;
  question: string;
  subject_id: string | null;
  chapter: string | null;
  difficulty: number | null;
  labels: string;
  author_id: string | null;
  created_at: number;
}

/** The test editor (migration 0020): the editor's drafts, and the classes a test is assigned to. */
export interface TestDraftsTable {
  test_id: string;
  owner_id: string | null;
  name: string;
  /** JSON: the TestDraft (shared/src/api/staff-tests.ts), questions' math as MathML. */
  document: string;
  /** sha256 of `document`; `published_hash`: of the document last published (null: never). */
  document_hash: string;
  published_hash: string | null;
  /** JSON: the document last published (null: never). */
  published_document: string | null;
  updated_at: number;
  updated_by: string | null;
  created_at: number;
}
export interface TestClassesTable { test_id: string; class_id: string }

/** The last version of each deleted test (migration 0021): a new test with its id starts after it. */
export interface RetiredTestVersionsTable {
  test_id: string;
  last_version: number;
  retired_at: number;
}

export interface Database {
  users: UsersTable;
  login_failures: LoginFailuresTable;
  tests: TestsTable;
  test_assignments: TestAssignmentsTable;
  attempts: AttemptsTable;
  answers: AnswersTable;
  marksheets: MarksheetsTable;
  question_reports: QuestionReportsTable;
  grades: GradesTable;
  uploads: UploadsTable;
  proctor_events: ProctorEventsTable;
  proctor_snapshots: ProctorSnapshotsTable;
  ended_sessions: EndedSessionsTable;
  classes: ClassesTable;
  subjects: SubjectsTable;
  class_subjects: ClassSubjectsTable;
  student_profiles: StudentProfilesTable;
  purchases: PurchasesTable;
  schedules: SchedulesTable;
  schedule_cancellations: ScheduleCancellationsTable;
  notifications: BroadcastsTable;
  notices: BroadcastsTable;
  notification_reads: NotificationReadsTable;
  notice_reads: NoticeReadsTable;
  motivations: MotivationsTable;
  push_subscriptions: PushSubscriptionsTable;
  attendance_records: AttendanceRecordsTable;
  chapter_notes: ChapterNotesTable;
  bookmarks: BookmarksTable;
  todos: TodosTable;
  study_items: StudyItemsTable;
  study_scores: StudyScoresTable;
  study_uploads: StudyUploadsTable;
  query_types: QueryTypesTable;
  query_sub_types: QuerySubTypesTable;
  queries: QueriesTable;
  query_engagements: QueryEngagementsTable;
  certificate_types: CertificateTypesTable;
  certificate_requests: CertificateRequestsTable;
  fee_heads: FeeHeadsTable;
  student_fees: StudentFeesTable;
  payment_methods: PaymentMethodsTable;
  fee_receipts: FeeReceiptsTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  payment_rejections: PaymentRejectionsTable;
  gateway_simulator_orders: GatewaySimulatorOrdersTable;
  gateway_simulator_payments: GatewaySimulatorPaymentsTable;
  staff_accounts: StaffAccountsTable;
  staff_classes: StaffClassesTable;
  staff_subjects: StaffSubjectsTable;
  proctor_tests: ProctorTestsTable;
  chat_messages: ChatMessagesTable;
  proctor_commands: ProctorCommandsTable;
  job_locks: JobLocksTable;
  bank_questions: BankQuestionsTable;
  bank_question_versions: BankQuestionVersionsTable;
  test_drafts: TestDraftsTable;
  test_classes: TestClassesTable;
  retired_test_versions: RetiredTestVersionsTable;
  question_rubrics: QuestionRubricsTable;
  grade_history: GradeHistoryTable;
  grading_second_looks: GradingSecondLooksTable;
  question_changes: QuestionChangesTable;
  flag_reviews: FlagReviewsTable;
  attempt_reviews: AttemptReviewsTable;
  audit_log: AuditLogTable;
  // Issue 30 (0026): notices, queries and certificates.
  // Issue 30 (0027): timetable and attendance.
  attendance_changes: AttendanceChangesTable;
  // Issue 30 (0028): fees.
  fee_offline_payments: FeeOfflinePaymentsTable;
  // Issue 30 (0029): study material and assignments.
  study_score_history: StudyScoreHistoryTable;
}

export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppDatabase {
  kysely: Kysely<Database>;
  kind: DatabaseKind;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://...`; unset for SQLite. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  logger: Logger;
}

const INT8_OID = 20;

/** pg returns BIGINT as a string to be safe; ours are millisecond timestamps and counts, well inside 2^53. */
const pgTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as CustomTypesConfig['getTypeParser'],
};

/**
 * A first-come-first-served lock. Kysely's own SQLite mutex wakes every waiter on each release
 * (each then re-checks and all but one wait again): quadratic under an exam's hundreds of
 * concurrent requests. This one hands the connection to the next waiter in line.
 */
class FifoLock {
  #locked = false;
  #waiters: (() => void)[] = [];
  #head = 0;

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    if (this.#head < this.#waiters.length) {
      const next = this.#waiters[this.#head] as () => void;
      this.#head += 1;
      if (this.#head > 1024 && this.#head * 2 > this.#waiters.length) {
        this.#waiters = this.#waiters.slice(this.#head);
        this.#head = 0;
      }
      next(); // stays locked: ownership passes to the next in line
      return;
    }
    this.#waiters = [];
    this.#head = 0;
    this.#locked = false;
  }
}

/** Prepared statements by SQL text, so a query is compiled by SQLite once, not per execution. */
const STATEMENT_CACHE_SIZE = 512;

class CachedSqliteConnection implements DatabaseConnection {
  readonly #db: SqliteDatabase.Database;
  readonly #statements = new Map<string, SqliteDatabase.Statement>();

  constructor(db: SqliteDatabase.Database) {
    this.#db = db;
  }

  #prepare(sqlText: string): SqliteDatabase.Statement {
    let statement = this.#statements.get(sqlText);
    if (!statement) {
      statement = this.#db.prepare(sqlText);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      this.#statements.set(sqlText, statement);
    }
    return statement;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql: sqlText, parameters } = compiledQuery;
    const statement = this.#prepare(sqlText);
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement being iterated cannot run again meanwhile: a fresh one, not the cached one.
    const statement = this.#db.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}

/** Kysely's SQLite driver with the FIFO lock and cached statements; one connection, as before. */
class FastSqliteDriver implements Driver {
  readonly #db: SqliteDatabase.Database;
  readonly #lock = new FifoLock();
  readonly #connection: CachedSqliteConnection;

  constructor(db: SqliteDatabase.Database) {
    this.#db = db;
    this.#connection = new CachedSqliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Immediate: the write lock is taken up front, so a second process writing (npm run import
    // beside the server) waits busy_timeout instead of failing the read-then-write at once.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#lock.unlock();
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }
}

class FastSqliteDialect extends SqliteDialect {
  readonly #db: SqliteDatabase.Database;

  constructor(db: SqliteDatabase.Database) {
    super({ database: db });
    this.#db = db;
  }

  override createDriver(): Driver {
    return new FastSqliteDriver(this.#db);
  }
}

export function createDatabase(options: DatabaseOptions): AppDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, types: pgTypes, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => options.logger.error('PostgreSQL pool error:', error.message));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, kind: 'postgres', destroy: () => kysely.destroy() };
  }

  const sqlite = new SqliteDatabase(options.sqlitePath);
  // WAL with synchronous=NORMAL: a commit is one append to the WAL, durable across a crash of
  // the process; fsync happens at checkpoints.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Up to 64 MiB of pages in SQLite's own cache (the default is 2 MiB): an exam's working set
  // (every student's attempt and answers) then stays in memory instead of being read again
  // through the OS on each sync.
  sqlite.pragma('cache_size = -65536');
  const kysely = new Kysely<Database>({ dialect: new FastSqliteDialect(sqlite) });
  return { kysely, kind: 'sqlite', destroy: () => kysely.destroy() };
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(db: AppDatabase): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
