import { AlertTriangle, Hourglass, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ROLE_LABELS } from '@/config/permissions';
import { permittedHomeActions } from '@/lib/permissions';
import { useVisibleHomeActions } from '@/features/home/api/get-visible-home-actions';
import { ActionCard } from '@/features/home/components/action-card';
import { UnitSwitcher } from '@/features/home/components/unit-switcher';
import { homeCardsView } from '@/features/home/logic';
import type { HomeUser, UnitOption } from '@/features/home/types';

interface HomePageProps {
  user: HomeUser;
  /** The units assigned to the user (user_units). */
  units: readonly UnitOption[];
  isChangingUnit: boolean;
  onChangeUnit: (unit: UnitOption | null) => void;
  /**
   * Cards other features add (the time clock's, spec §2): list items rendered after the role's cards. Given
   * only when they render at least one card: 'Permissões Limitadas' counts them (see homeCardsView).
   */
  extraCards?: ReactNode;
}

export function HomePage({ user, units, isChangingUnit, onChangeUnit, extraCards }: HomePageProps) {
  const configured = useVisibleHomeActions(user.roleId);
  const actions = configured.data ? permittedHomeActions(user, configured.data) : null;
  const view = homeCardsView(actions?.length ?? null, extraCards !== undefined && extraCards !== null && extraCards !== false);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
      <section className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm" aria-labelledby="home-greeting">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="home-greeting" className="text-2xl font-semibold tracking-tight">
            Olá, {user.name}!
          </h1>
          <Badge variant="secondary" aria-label={`Função: ${ROLE_LABELS[user.role]}`}>
            {ROLE_LABELS[user.role]}
          </Badge>
        </div>
        {user.unitName ? (
          <p className="text-muted-foreground">
            Unidade: <span className="font-medium text-foreground">{user.unitName}</span>
          </p>
        ) : (
          <p role="alert" className="flex items-center gap-2 rounded-md bg-warning px-3 py-2 text-sm font-medium text-warning-foreground">
            <AlertTriangle aria-hidden="true" className="size-4" />
            Nenhuma unidade selecionada
          </p>
        )}
        {/* A new sign-up: no role and no permission yet, so nothing opens until an administrator decides. */}
        {user.roleId === null && user.permissions.length === 0 ? (
          <div role="status" className="flex items-start gap-3 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100">
            <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              <span className="font-medium">Acesso pendente.</span> Seu cadastro foi recebido e aguarda um administrador, que definirá o seu perfil e a sua
              unidade. Até lá, as áreas do sistema ficam indisponíveis.
            </p>
          </div>
        ) : null}
        {/* Only the units assigned to the user; nothing to switch to when there is just the current one. */}
        {units.some((unit) => unit.id !== user.unitId) && (
          <UnitSwitcher currentUnitId={user.unitId} units={units} disabled={isChangingUnit} onConfirm={onChangeUnit} />
        )}
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="home-actions">
        <h2 id="home-actions" className="text-lg font-medium">
          Selecione uma das ações abaixo para começar:
        </h2>
        {view === 'loading' ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44" />
            ))}
          </div>
        ) : view === 'limited' ? (
          <Card className="max-w-xl">
            <CardHeader className="flex-row items-start gap-3">
              <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
              <div className="grid gap-1.5">
                <CardTitle>Permissões Limitadas</CardTitle>
                <CardDescription>
                  Você ainda não tem acesso a nenhuma ação. Entre em contato com o administrador do sistema para solicitar as
                  permissões necessárias.
                </CardDescription>
              </div>
            </CardHeader>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(actions ?? []).map((action) => (
              <li key={action.key} className="flex [&>*]:flex-1">
                <ActionCard action={action} />
              </li>
            ))}
            {extraCards}
          </ul>
        )}
      </section>
    </div>
  );
}
