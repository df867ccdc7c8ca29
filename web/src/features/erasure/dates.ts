import { formatCalendarDate, parseIsoDate } from '@/lib/dates';

/** A due date (YYYY-MM-DD, the day in Tallinn by which the request is answered) in words. */
export function formatDueDate(dueDate: string, language: string): string {
  const day = parseIsoDate(dueDate);
  return day ? formatCalendarDate(day, language) : dueDate;
}
