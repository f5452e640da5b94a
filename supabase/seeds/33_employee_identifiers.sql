-- Demo identifiers (issue 26, item 5): the units' CNPJ (one company, one branch per unit), razão social
-- and address, and a CPF, admission date and job title for every staff account (every one that
-- punches), so the receipt, the espelho and the AFD of the tour are complete. The CPFs and CNPJs have
-- valid check digits and belong to nobody (generated). The missing-CPF refusal of the AFD is covered
-- by the integration tests, not by the demo.
-- Idempotent: fills only what is still empty, so a manager's edits survive a re-run.

update public.store_units su set
  cnpj = coalesce(su.cnpj, v.cnpj),
  legal_name = coalesce(su.legal_name, 'Rede de Farmácias Exemplo Ltda'),
  address = coalesce(su.address, v.address)
from (values
  ('Unidade Centro', '11222333000181', 'Rua XV de Novembro, 100 - Centro'),
  ('Unidade Norte', '11222333000262', 'Avenida Norte, 2500 - Jardim América'),
  ('Unidade Sul', '11222333000343', 'Rua das Palmeiras, 850 - Vila Sul')
) as v (name, cnpj, address)
where su.name = v.name
  and not exists (select 1 from public.store_units other where other.cnpj = v.cnpj and other.id <> su.id);

insert into public.employee_records (user_id, cpf, admission_date, job_title)
select u.id, v.cpf, v.admission_date::date, v.job_title
from (values
  ('admin@farmacia.local', '52998224725', '2019-03-11', 'Gerente administrativa'),
  ('analista@farmacia.local', '39053344705', '2021-08-02', 'Analista de RH'),
  ('balconista@farmacia.local', '15350946056', '2023-02-06', 'Balconista'),
  ('balconista2@farmacia.local', '71460238001', '2024-05-13', 'Balconista'),
  ('compras@farmacia.local', '86310547127', '2020-10-19', 'Compradora'),
  ('farmaceutico@farmacia.local', '24861395755', '2018-01-15', 'Farmacêutico responsável')
) as v (email, cpf, admission_date, job_title)
join auth.users u on u.email = v.email
where not exists (select 1 from public.employee_records er where er.cpf = v.cpf)
on conflict (user_id) do nothing;
