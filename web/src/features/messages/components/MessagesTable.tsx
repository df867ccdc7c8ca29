import { CheckCheck, ChevronDown, ChevronUp, Reply } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { PersonCell } from '@/components/ui/truncated-text';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { ContactMessage } from '@/types/api';
import { useMarkMessageRead } from '../api/mark-message-read';

/** Spec §9: texts longer than this get a show more / show less toggle; shorter ones are shown whole. */
export const MESSAGE_CLAMP_CHARS = 150;

type TableProps = Omit<DataTableProps<ContactMessage>, 'columns' | 'rowKey' | 'actions' | 'rowTestId'>;

/**
 * Spec §2 admin Messages as a table (issue 17): subject with a 'New' badge and the text (clamped to 3 lines,
 * show more / show less), the sender's name and e-mail, when it arrived; reply by e-mail and mark as read.
 * Sortable columns carry the API's sort names (subject, name, createdAt).
 */
export function MessagesTable(props: TableProps) {
  const { t, i18n } = useTranslation('admin');
  const columns: DataTableColumn<ContactMessage>[] = [
    {
      id: 'subject',
      header: t('messages.subject'),
      sortable: true,
      phoneLabel: false,
      className: 'md:min-w-[16rem]',
      cell: (message) => <SubjectAndText message={message} />,
    },
    {
      id: 'name',
      header: t('messages.from'),
      sortable: true,
      cell: (message) => <PersonCell name={message.name} email={message.email} mailto />,
    },
    {
      id: 'createdAt',
      header: t('messages.received'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (message) => <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, currentLanguage(i18n))}</time>,
    },
  ];

  return (
    <DataTable
      {...props}
      columns={columns}
      rowKey={(message) => message.id}
      rowTestId="message-card"
      actions={{
        header: t('messages.actions'),
        hideHeader: true,
        cell: (message) => <MessageActions message={message} />,
      }}
    />
  );
}

function SubjectAndText({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin');
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const long = message.message.length > MESSAGE_CLAMP_CHARS;
  return (
    <span className="flex min-w-0 flex-col gap-2" data-read={message.isRead}>
      <span className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-words font-semibold text-slate-900">{message.subject}</span>
        {!message.isRead && <Badge tone="blue">{t('messages.new')}</Badge>}
      </span>
      <span
        id={textId}
        data-testid="message-text"
        className={cn('block whitespace-pre-line break-words text-sm leading-relaxed text-slate-700', long && !expanded && 'line-clamp-3')}
      >
        {message.message}
      </span>
      {long && (
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3 self-start text-primary-700"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <ChevronUp className="h-4 w-4" aria-hidden="true" /> : <ChevronDown className="h-4 w-4" aria-hidden="true" />}
          {expanded ? t('messages.showLess') : t('messages.showMore')}
        </Button>
      )}
    </span>
  );
}

function MessageActions({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const markRead = useMarkMessageRead();
  const onMarkRead = () =>
    markRead.mutate(message.id, {
      onError: (error) => toast({ title: t('messages.markFailed'), description: errorText(error), variant: 'destructive' }),
    });
  return (
    <>
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
    </>
  );
}
