import {
  Award, BookOpen, CalendarCheck, CalendarDays, ClipboardCheck, ClipboardList, LayoutDashboard,
  MessageCircleQuestion, NotebookPen, ScrollText, Trophy, User, Video, Wallet, Wrench, type LucideIcon,
} from 'lucide-react';

export const MENU_ICONS: Record<string, LucideIcon> = {
  DESK: LayoutDashboard,
  TIMETABLE: CalendarDays,
  STUDY_MATERIAL: BookOpen,
  HOMEWORK: NotebookPen,
  ASSIGNMENT: ClipboardList,
  VIDEO_LECTURE: Video,
  ASSESSMENT: ClipboardCheck,
  RESULT: Trophy,
  MARKSHEET: ScrollText,
  ATTENDANCE: CalendarCheck,
  MY_FEE: Wallet,
  CERTIFICATE: Award,
  TROUBLESHOOT: Wrench,
  PROFILE: User,
  QUERY: MessageCircleQuestion,
};
