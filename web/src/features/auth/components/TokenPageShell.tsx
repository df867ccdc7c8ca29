import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** The frame of a page an e-mailed link opens (issue 14): a narrow card with the page's heading. */
export function TokenPageShell({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  useDocumentMeta(title);
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
