import type { ErrorCode } from '../error-codes';
import { CERTIFICATION_MESSAGES } from './certifications';
import { TIME_OFF_MESSAGES } from './time-off';

/** Every error code's message in Portuguese. */
export const pt: Record<ErrorCode, string> = {
  ...TIME_OFF_MESSAGES.pt,
  ...CERTIFICATION_MESSAGES.pt,
  VALIDATION_FAILED: 'Alguns campos não são válidos.',
  BAD_REQUEST: 'O pedido não é válido.',
  INVALID_JSON: 'O corpo do pedido não é JSON válido.',
  SEARCH_TOO_BROAD: 'Mais de 5.000 pessoas correspondem a esta pesquisa. Escreva mais do nome ou do e-mail.',
  INVALID_CREDENTIALS: 'Credenciais inválidas.',
  UNAUTHENTICATED: 'Inicie sessão para continuar.',
  TOKEN_INVALID: 'A sua sessão não é válida. Inicie sessão novamente.',
  TOKEN_EXPIRED: 'A sua sessão expirou. Inicie sessão novamente.',
  REFRESH_INVALID: 'A sua sessão terminou. Inicie sessão novamente.',
  SESSION_REVOKED: 'A sua sessão foi terminada. Inicie sessão novamente.',
  NOT_PART_OF_ANY_COMPANY: 'Não faz parte de nenhuma empresa.',
  FORBIDDEN: 'Não tem permissão para fazer isto.',
  NOT_READY:
    'O servidor não está pronto: um serviço de que depende não está acessível. Tente novamente dentro de momentos.',
  JOB_NOT_RETRYABLE: 'Só uma tarefa falhada ou abandonada pode ser repetida.',
  ACCOUNT_DISABLED: 'A sua conta foi desativada. Contacte o seu administrador ou tente mudar de Empresa',
  COMPANY_DISABLED: 'Esta empresa foi desativada.',
  NOT_FOUND: 'Não encontrado.',
  COMPANY_NOT_FOUND: 'Lamentamos, este espaço não existe.',
  ROUTE_NOT_FOUND: 'Este endereço não existe.',
  CONFLICT: 'Isto entra em conflito com dados existentes.',
  VERSION_CONFLICT: 'Outra pessoa alterou isto entretanto. Recarregue para ver as alterações.',
  EMAIL_TAKEN: 'Já existe uma conta com este endereço de e-mail.',
  SUBDOMAIN_TAKEN: 'Este subdomínio já está ocupado.',
  UNKNOWN_EMAIL: 'Nenhuma conta usa este endereço de email. Verifique-o ou peça à pessoa que se registe primeiro.',
  ALREADY_MEMBER: 'Esta pessoa já é membro da empresa.',
  LAST_ADMIN: 'Uma empresa tem de manter pelo menos um administrador ativo.',
  INVALID_OTP: 'Código OTP inválido',
  OTP_EXPIRED: 'Este código expirou. Peça um novo.',
  OTP_TOO_MANY_ATTEMPTS: 'Demasiados códigos errados. Peça um novo.',
  WORK_EMAIL_REQUIRED: 'Lamentamos, não aceitamos este endereço de e-mail. Utilize o seu e-mail profissional.',
  PASSWORD_TOO_COMMON: 'Esta palavra-passe é demasiado comum. Escolha outra.',
  SWITCH_CODE_INVALID: 'Esta ligação de acesso é inválida ou expirou. Inicie sessão.',
  TICKET_INVALID: 'O bilhete de tempo real é inválido, já foi usado ou expirou.',
  ORIGIN_NOT_ALLOWED: 'Esta página não tem permissão para abrir uma ligação em tempo real aqui.',
  FILE_TOO_LARGE: 'O ficheiro excede 2 MB. Selecione um ficheiro mais pequeno.',
  IMPORT_FILE_TOO_LARGE: 'O ficheiro excede 32 MB. Divida-o em ficheiros mais pequenos.',
  ONE_FILE_ONLY: 'Envie um ficheiro de cada vez.',
  IMPORT_TOO_MANY_ROWS: 'O ficheiro tem mais de 100.000 linhas. Divida-o em ficheiros mais pequenos.',
  UNSUPPORTED_FILE_TYPE: 'Escolha uma imagem PNG, JPEG ou WebP.',
  BODY_TOO_LARGE: 'O pedido é demasiado grande.',
  HEADERS_TOO_LARGE: 'O endereço ou os cabeçalhos do pedido são demasiado longos.',
  UNSUPPORTED_MEDIA_TYPE: 'Este tipo de conteúdo não é suportado.',
  RATE_LIMITED: 'Demasiadas tentativas. Aguarde um momento.',
  CROSS_SITE_REQUEST:
    'Este pedido veio de outra página e foi recusado. Abra a consola no seu próprio endereço e tente novamente.',
  INVITATION_LIMIT:
    'Esta empresa atingiu o limite de convites: 300 por hora e 1000 por dia. Tente novamente mais tarde.',
  INVITATION_LIMIT_NEW:
    'Uma empresa nova ou em período experimental pode enviar 50 convites por hora e 200 por dia. Tente novamente mais tarde.',
  INVITATION_LIMIT_SET:
    'Esta empresa atingiu o limite de convites definido pela plataforma. Tente novamente mais tarde.',
  INVITATION_PENDING: 'Já existe um convite pendente para este endereço de e-mail.',
  INVITATION_INVALID: 'Este convite é inválido ou expirou. Peça um novo ao seu administrador.',
  INVITATION_EMAIL_MISMATCH:
    'Este convite foi enviado para outro endereço de e-mail. Inicie sessão com esse endereço para o aceitar.',
  JOIN_REQUEST_PENDING: 'Já pediu para aderir a esta empresa. Aguarde a resposta de um administrador.',
  JOIN_REQUEST_TOO_MANY:
    'Está à espera de resposta de demasiadas empresas. Aguarde uma delas ou retire um pedido antes de fazer outro.',
  JOIN_REQUEST_TOO_OFTEN: 'Pediu para aderir a esta empresa demasiadas vezes hoje. Tente novamente amanhã.',
  CSV_ENCODING:
    'Este ficheiro não está guardado como texto UTF-8, pelo que os acentos e outros caracteres seriam mal lidos. No Excel, guarde-o como "CSV UTF-8"; noutras folhas de cálculo escolha a codificação UTF-8.',
  IMPORT_EMPTY: 'Este ficheiro tem um cabeçalho mas nenhuma linha para importar.',
  CSV_QUOTE:
    'A linha {{line}} deste ficheiro não é um CSV válido: uma aspa dentro de uma célula escreve-se duas vezes (""), e uma célula que começa com uma aspa termina com uma.',
  CSV_INVALID:
    'Este ficheiro não é um CSV válido. Colunas esperadas: email, firstName, lastName e role (ou roles, como na exportação).',
  TEAM_NAME_TAKEN: 'Já existe uma equipa com este nome.',
  MANAGER_CYCLE:
    'Este gestor criaria um ciclo na cadeia hierárquica: a pessoa já o gere, diretamente ou através de outros.',
  MANAGER_SELF: 'Uma pessoa não pode ser o seu próprio gestor.',
  DEPARTMENT_CYCLE: 'Um departamento não pode ficar debaixo de si próprio nem de um dos seus subdepartamentos.',
  DEPARTMENT_NAME_TAKEN: 'Já existe um departamento com este nome.',
  PAGE_SLUG_TAKEN: 'Já existe uma página com este endereço na sua empresa.',
  PAGE_USER_NOT_MEMBER: 'Uma das pessoas escolhidas não é membro desta empresa.',
  PAGE_ACTION_DISABLED: 'Esta pessoa não recebe pedidos desta forma.',
  FIELD_NOT_SELF_EDITABLE: 'Não pode alterar este campo do seu registo; peça a um administrador.',
  FIELD_LABEL_TAKEN: 'Já existe um campo com este rótulo.',
  ALREADY_CLOCKED_IN: 'Já registou a entrada.',
  NOT_CLOCKED_IN: 'Não registou a entrada.',
  ATTENDANCE_PERIOD_LOCKED: 'Este período está bloqueado; os seus registos já não podem ser alterados.',
  ATTENDANCE_OVERLAP: 'Este registo sobrepor-se-ia a outro registo da mesma pessoa.',
  HOLIDAY_DATE_TAKEN: 'Já existe um feriado nesta data.',
  SCHEDULE_NAME_TAKEN: 'Já existe um horário com este nome.',
  SCHEDULE_IN_USE: 'Este horário ainda está atribuído a membros ou é o predefinido.',
  SCHEDULE_BULK_RUNNING:
    'Ainda está a decorrer uma atribuição de horário a um grupo grande: aguarde até terminar e tente novamente.',
  SCHEDULE_PEOPLE_NOT_MEMBERS: 'Algumas das pessoas escolhidas não são membros desta empresa.',
  SCHEDULE_DEFAULT_REQUIRED: 'A empresa precisa de um horário predefinido: torne outro predefinido primeiro.',
  CORRECTION_OWN_ENTRY:
    'Outro administrador decide sobre a sua própria assiduidade: não pode corrigir os seus próprios registos nem decidir o seu próprio pedido.',
  CORRECTION_DECIDED: 'Este pedido de correção já foi decidido.',
  CORRECTION_MEMBER_INACTIVE: 'Esta pessoa já não é um membro ativo da empresa; o seu pedido só pode ser recusado.',
  ATTENDANCE_ENTRY_ORDER: 'O fim de um registo tem de ser depois do seu início.',
  ATTENDANCE_IN_FUTURE: 'Um registo não pode terminar no futuro.',
  ATTENDANCE_ENTRY_TOO_LONG: 'Um registo dura no máximo 16 horas: verifique as horas de entrada e de saída.',
  TIMESHEET_PERIOD_NOT_OVER: 'Um período só pode ser bloqueado depois de terminar, no fuso horário da empresa.',
  TIMESHEET_OPEN_ENTRIES:
    'Este período ainda tem registos abertos (alguém não registou a saída); feche-os antes de o bloquear.',
  POLICY_NOT_PUBLISHED: 'Esta política ainda não tem uma versão publicada.',
  POLICY_ARCHIVED: 'Esta política está arquivada.',
  POLICY_ALREADY_ACKNOWLEDGED: 'Você já confirmou esta versão.',
  POLICY_VERSION_OUTDATED: 'Este não é o texto atual da política. Recarregue-o e leia-o novamente.',
  POLICY_EMPTY: 'Uma versão precisa de um texto ou de um PDF antes de ser publicada.',
  POLICY_PDF_TYPE: 'Este ficheiro não é um PDF. Escolha um ficheiro PDF.',
  POLICY_HTML_TOO_DEEP:
    'O texto está demasiado aninhado: mais de 100 listas, citações, tabelas ou formatações umas dentro das outras.',
  POLICY_HTML_UNSAFE:
    'O texto contém scripts, manipuladores de eventos, estilos ou links inseguros, que não são permitidos.',
  INTERNAL: 'Algo correu mal! Contacte a nossa equipa de suporte',
  SERVICE_UNAVAILABLE: 'O serviço está momentaneamente indisponível. Tente novamente dentro de alguns segundos.',
  SAVE_OUTCOME_UNKNOWN:
    'A ligação à base de dados perdeu-se enquanto a alteração era guardada: pode ter sido guardada ou não. Verifique-a antes de tentar novamente.',
};
