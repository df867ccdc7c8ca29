import { CheckCheck, ChevronDown, ChevronUp, Clock, Mail, Reply } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { ContactMessage } from '@/types/api';
import { useMarkMessageRead } from '../api/mark-message-read';

/** Spec §9: texts longer than this get a show more / show less toggle; shorter ones are shown whole. */
export const MESSAGE_CLAMP_CHARS = 150;

export function MessageCard({ message }: { message: ContactMessage }) {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText();
  const markRead = useMarkMessageRead();
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const long = message.message.length > MESSAGE_CLAMP_CHARS;
  const received = formatDateTime(message.createdAt, currentLanguage(i18n));

  const onMarkRead = () =>
    markRead.mutate(message.id, {
      onError: (error) => toast({ title: t('messages.markFailed'), description: errorText(error), variant: 'destructive' }),
    });

  return (
    <article
      aria-labelledby={`${textId}-subject`}
      data-testid="message-card"
      data-read={message.isRead}
      className={cn(
        'rounded-[var(--radius-card)] border bg-white p-4 shadow-sm sm:p-6',
        message.isRead ? 'border-slate-200' : 'border-primary-200 ring-1 ring-primary-100',
      )}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${textId}-subject`} className="min-w-0 break-words text-base font-semibold text-slate-900">
              {message.subject}
            </h3>
            {!message.isRead && <Badge tone="blue">{t('messages.new')}</Badge>}
          </div>
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-600">
            <span className="sr-only">{t('messages.from')}:</span>
            <span className="font-medium text-slate-800">{message.name}</span>
            <a href={`mailto:${message.email}`} className="inline-flex min-w-0 items-center gap-1 [overflow-wrap:anywhere] text-primary-700 hover:underline">
              <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              {message.email}
            </a>
          </p>
        </div>
        <p className="flex shrink-0 items-center gap-1.5 text-sm text-slate-600">
          <Clock className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">{t('messages.received')}:</span>
          <time dateTime={message.createdAt}>{received}</time>
        </p>
      </div>

      <p
        id={`${textId}-text`}
        data-testid="message-text"
        className={cn('mt-4 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700', long && !expanded && 'line-clamp-3')}
      >
        {message.message}
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        {long && (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 text-primary-700"
            aria-expanded={expanded}
            aria-controls={`${textId}-text`}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? <ChevronUp className="h-4 w-4" aria-hidden="true" /> : <ChevronDown className="h-4 w-4" aria-hidden="true" />}
            {expanded ? t('messages.showLess') : t('messages.showMore')}
          </Button>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
              <Reply className="h-4 w-4" aria-hidden="true" />
              {t('messages.reply')}
            </a>
          </Button>
          {!message.isRead && (
            <Button size="sm" onClick={onMarkRead} disabled={markRead.isPending}>
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              {markRead.isPending ? t('messages.marking') : t('messages.markRead')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
