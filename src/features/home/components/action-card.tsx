import {
  BarChart3,
  ClipboardList,
  FileText,
  Package,
  PackagePlus,
  ShoppingCart,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PAGE_DESCRIPTIONS } from '@/config/page-descriptions';
import type { HomeAction, HomeActionKey } from '@/config/permissions';

const ICONS: Record<HomeActionKey, LucideIcon> = {
  launch_shortages: PackagePlus,
  product_catalog: Package,
  register_boletos: FileText,
  manage_purchases: ShoppingCart,
  manage_quotes: ClipboardList,
  winning_items: Trophy,
  manage_users: Users,
  punch_reports: BarChart3,
};

export function ActionCard({ action }: { action: HomeAction }) {
  const Icon = ICONS[action.key];
  return (
    <Card className="gap-4 transition-shadow hover:shadow-md" aria-labelledby={`action-${action.key}`}>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1.5">
          <CardTitle id={`action-${action.key}`}>{action.title}</CardTitle>
          <CardDescription>{PAGE_DESCRIPTIONS[action.path]}</CardDescription>
        </div>
      </CardHeader>
      <CardFooter className="mt-auto">
        <Button asChild className="w-full">
          <Link to={action.path} aria-label={`Acessar ${action.title}`}>
            Acessar
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
