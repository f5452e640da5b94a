import { Construction } from 'lucide-react';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Stand-in page for a screen whose module has not landed yet; the module's issue replaces the route file. */
export function ModuleUnavailable({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <Card className="max-w-xl">
        <CardHeader className="flex-row items-center gap-3">
          <Construction aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
          <CardDescription className="text-base">Este módulo ainda não está disponível.</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}

