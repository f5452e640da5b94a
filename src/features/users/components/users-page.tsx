import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAccessCatalog } from '@/features/users/api/get-access-catalog';
import { AuditTab } from '@/features/users/components/audit-tab';
import { RolesTab } from '@/features/users/components/roles-tab';
import { UnitsTab } from '@/features/users/components/units-tab';
import { UsersTab } from '@/features/users/components/users-tab';
import { userMessages, usersLoadErrorDetail } from '@/features/users/messages';
import type { UserAdminTab } from '@/features/users/types';

interface UsersPageProps {
  currentUserId: string;
  /** Only an administrator hands out admin roles: the role lists offer them to nobody else. */
  isAdmin: boolean;
  tab: UserAdminTab;
  onTabChange: (tab: UserAdminTab) => void;
}

/** /usuarios: accounts, roles and access, units, and the audit trail. */
export function UsersPage({ currentUserId, isAdmin, tab, onTabChange }: UsersPageProps) {
  const catalog = useAccessCatalog();

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Gerenciar Usuários</h1>
        <p className="text-sm text-muted-foreground">Contas, perfis de acesso, unidades e o registro de tudo o que mudou.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as UserAdminTab)}>
        <TabsList className="h-auto flex-wrap *:h-8 *:flex-none">
          <TabsTrigger value="usuarios">Usuários</TabsTrigger>
          <TabsTrigger value="perfis">Perfis e acesso</TabsTrigger>
          <TabsTrigger value="unidades">Unidades</TabsTrigger>
          <TabsTrigger value="auditoria">Auditoria</TabsTrigger>
        </TabsList>
        {catalog.data ? (
          <>
            <TabsContent value="usuarios">{tab === 'usuarios' ? <UsersTab catalog={catalog.data} currentUserId={currentUserId} isAdmin={isAdmin} /> : null}</TabsContent>
            <TabsContent value="perfis">{tab === 'perfis' ? <RolesTab catalog={catalog.data} showCodes={isAdmin} /> : null}</TabsContent>
            <TabsContent value="unidades">{tab === 'unidades' ? <UnitsTab units={catalog.data.units} /> : null}</TabsContent>
          </>
        ) : catalog.isError ? (
          <LoadError message={userMessages.catalogLoadError} detail={usersLoadErrorDetail(catalog.error)} onRetry={() => void catalog.refetch()} />
        ) : (
          <Skeleton className="h-72" aria-hidden="true" />
        )}
        <TabsContent value="auditoria">{tab === 'auditoria' ? <AuditTab catalog={catalog.data} /> : null}</TabsContent>
      </Tabs>
    </div>
  );
}
