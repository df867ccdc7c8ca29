import { AlertCircle, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/hooks/use-error-text';
import { useAdminMessages } from './api';
import { MessageCard } from './MessageCard';

/** Spec §2 admin Messages: the contact-form inbox with loading, error and empty states. */
export function MessagesTab() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { data: messages, isLoading, error } = useAdminMessages();

  return (
    <Card>
      <CardHeader className="gap-1 px-4 sm:px-6">
        <CardTitle>{t('messages.title')}</CardTitle>
        <CardDescription>
          {messages && messages.length > 0
            ? t('messages.count', { count: messages.length, unread: messages.filter((m) => !m.isRead).length })
            : t('messages.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 pb-6 sm:px-6">
        {isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('messages.loading')} className="[&_svg]:h-8 [&_svg]:w-8" />
          </div>
        ) : error ? (
          <div role="alert" className="flex items-start gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-danger-700">
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t('messages.loadFailed')}</p>
              <p className="text-sm">{errorText(error)}</p>
            </div>
          </div>
        ) : !messages || messages.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-12 text-center">
            <span className="grid h-12 w-12 place-items-center rounded-full bg-slate-100 text-slate-500">
              <Inbox className="h-6 w-6" aria-hidden="true" />
            </span>
            <p className="font-semibold text-slate-900">{t('messages.empty.title')}</p>
            <p className="text-sm text-slate-600">{t('messages.empty.text')}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-4" aria-label={t('messages.title')}>
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
