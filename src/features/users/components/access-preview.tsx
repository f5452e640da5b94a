import { Badge } from '@/components/ui/badge';
import type { HomeAction, MenuSection } from '@/config/permissions';

/** What a user (or every user of a role) would see: the sidebar, the home cards and the permissions held. */
export function AccessPreview({
  title,
  permissions,
  menu,
  homeActions,
}: {
  title: string;
  permissions: readonly string[];
  menu: readonly MenuSection[];
  homeActions: readonly HomeAction[];
}) {
  return (
    <section aria-label={title} className="grid gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <h3 className="font-medium">{title}</h3>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground uppercase">Menu lateral</p>
        {menu.length === 0 ? (
          <p className="text-muted-foreground">Nenhum item além do que todos veem.</p>
        ) : (
          <ul aria-label="Menu lateral" className="grid gap-1">
            {menu.map((section) => (
              <li key={section.title}>
                <span className="text-xs text-muted-foreground">{section.title}: </span>
                {section.items.map((item) => item.label).join(', ')}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground uppercase">Atalhos do início</p>
        {homeActions.length === 0 ? (
          <p className="text-muted-foreground">Nenhum atalho.</p>
        ) : (
          <ul aria-label="Atalhos do início" className="flex flex-wrap gap-1">
            {homeActions.map((action) => (
              <li key={action.key}>
                <Badge variant="secondary">{action.title}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground uppercase">Permissões efetivas</p>
        {permissions.length === 0 ? (
          <p className="text-muted-foreground">Nenhuma permissão: o acesso fica pendente.</p>
        ) : (
          <ul aria-label="Permissões efetivas" className="flex flex-wrap gap-1">
            {permissions.map((permission) => (
              <li key={permission}>
                <Badge variant="outline" className="font-mono">
                  {permission}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
