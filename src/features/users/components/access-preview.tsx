import { Badge } from '@/components/ui/badge';
import type { HomeAction, MenuSection } from '@/config/permissions';
import { codeHint, permissionLabel } from '@/features/users/labels';
import type { PermissionEntry } from '@/features/users/types';

/**
 * What a user (or every user of a role) would see: the sidebar, the home cards and the permissions held,
 * each permission by its label (its code in a tooltip for administrators).
 */
export function AccessPreview({
  title,
  permissions,
  catalog,
  showCodes,
  menu,
  homeActions,
}: {
  title: string;
  permissions: readonly string[];
  /** The catalogue, for the description of a permission without a label of its own. */
  catalog: readonly PermissionEntry[];
  showCodes: boolean;
  menu: readonly MenuSection[];
  homeActions: readonly HomeAction[];
}) {
  const described = new Map(catalog.map((entry) => [entry.name, entry.description]));
  const labelled = permissions
    .map((code) => ({ code, label: permissionLabel(code, described.get(code)) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
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
            {labelled.map(({ code, label }) => (
              <li key={code}>
                <Badge variant="outline" title={codeHint(code, showCodes)}>
                  {label}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
