import type { Language } from '../constants';
import type { ErrorCode } from '../error-codes';

/** The messages of the time-off codes (People/HR), in each language; error-messages.ts spreads them in. */
type TimeOffCode = Extract<ErrorCode, `TIME_OFF_${string}`>;

export const TIME_OFF_MESSAGES: Record<Language, Record<TimeOffCode, string>> = {
  en: {
    TIME_OFF_TYPE_NAME_TAKEN: 'A time-off type with this name already exists.',
    TIME_OFF_TYPE_IN_USE: 'This time-off type has balances or requests; it cannot be deleted.',
    TIME_OFF_OVERLAP: 'You already have time off requested or approved in these dates.',
    TIME_OFF_INSUFFICIENT_BALANCE: 'Your balance of this type is not enough for this request.',
    TIME_OFF_NO_WORKING_DAYS: 'These dates hold no working day: there is nothing to request.',
    TIME_OFF_NOT_PENDING: 'This request has already been decided or cancelled.',
    TIME_OFF_ALREADY_STARTED: 'This time off has already started; only an admin can cancel it now.',
    TIME_OFF_OWN_REQUEST: 'You cannot approve or decline your own request.',
    TIME_OFF_OWN_ADJUSTMENT: 'You cannot adjust your own balance: another admin does it.',
    TIME_OFF_APPROVAL_OVERDRAWS:
      "This request takes more than the person's balance of this type, which may not go below zero. Adjust the balance first, or decline it.",
  },
  de: {
    TIME_OFF_TYPE_NAME_TAKEN: 'Es gibt bereits eine Abwesenheitsart mit diesem Namen.',
    TIME_OFF_TYPE_IN_USE: 'Diese Abwesenheitsart hat Salden oder Anträge und kann nicht gelöscht werden.',
    TIME_OFF_OVERLAP: 'Für diese Tage haben Sie bereits Abwesenheit beantragt oder genehmigt bekommen.',
    TIME_OFF_INSUFFICIENT_BALANCE: 'Ihr Saldo dieser Art reicht für diesen Antrag nicht aus.',
    TIME_OFF_NO_WORKING_DAYS: 'In diesem Zeitraum liegt kein Arbeitstag: Es gibt nichts zu beantragen.',
    TIME_OFF_NOT_PENDING: 'Über diesen Antrag wurde bereits entschieden oder er wurde storniert.',
    TIME_OFF_ALREADY_STARTED: 'Diese Abwesenheit hat bereits begonnen; nur ein Admin kann sie jetzt stornieren.',
    TIME_OFF_OWN_REQUEST: 'Sie können Ihren eigenen Antrag nicht genehmigen oder ablehnen.',
    TIME_OFF_OWN_ADJUSTMENT: 'Sie können Ihren eigenen Saldo nicht anpassen: Das übernimmt ein anderer Admin.',
    TIME_OFF_APPROVAL_OVERDRAWS:
      'Dieser Antrag braucht mehr als den Saldo der Person für diese Art, der nicht unter null fallen darf. Passen Sie zuerst den Saldo an oder lehnen Sie ihn ab.',
  },
  fr: {
    TIME_OFF_TYPE_NAME_TAKEN: 'Un type d’absence portant ce nom existe déjà.',
    TIME_OFF_TYPE_IN_USE: 'Ce type d’absence a des soldes ou des demandes ; il ne peut pas être supprimé.',
    TIME_OFF_OVERLAP: 'Vous avez déjà une absence demandée ou approuvée sur ces dates.',
    TIME_OFF_INSUFFICIENT_BALANCE: 'Votre solde de ce type ne suffit pas pour cette demande.',
    TIME_OFF_NO_WORKING_DAYS: 'Ces dates ne comptent aucun jour ouvré : il n’y a rien à demander.',
    TIME_OFF_NOT_PENDING: 'Cette demande a déjà été traitée ou annulée.',
    TIME_OFF_ALREADY_STARTED: 'Cette absence a déjà commencé ; seul un administrateur peut encore l’annuler.',
    TIME_OFF_OWN_REQUEST: 'Vous ne pouvez pas approuver ou refuser votre propre demande.',
    TIME_OFF_OWN_ADJUSTMENT: 'Vous ne pouvez pas ajuster votre propre solde : un autre administrateur s’en charge.',
    TIME_OFF_APPROVAL_OVERDRAWS:
      'Cette demande dépasse le solde de la personne pour ce type, qui ne peut pas devenir négatif. Ajustez d’abord le solde, ou refusez-la.',
  },
  pt: {
    TIME_OFF_TYPE_NAME_TAKEN: 'Já existe um tipo de ausência com este nome.',
    TIME_OFF_TYPE_IN_USE: 'Este tipo de ausência tem saldos ou pedidos; não pode ser eliminado.',
    TIME_OFF_OVERLAP: 'Já tem uma ausência pedida ou aprovada nestas datas.',
    TIME_OFF_INSUFFICIENT_BALANCE: 'O seu saldo deste tipo não chega para este pedido.',
    TIME_OFF_NO_WORKING_DAYS: 'Estas datas não têm nenhum dia útil: não há nada a pedir.',
    TIME_OFF_NOT_PENDING: 'Este pedido já foi decidido ou cancelado.',
    TIME_OFF_ALREADY_STARTED: 'Esta ausência já começou; só um administrador a pode cancelar agora.',
    TIME_OFF_OWN_REQUEST: 'Não pode aprovar nem recusar o seu próprio pedido.',
    TIME_OFF_OWN_ADJUSTMENT: 'Não pode ajustar o seu próprio saldo: outro administrador fá-lo.',
    TIME_OFF_APPROVAL_OVERDRAWS:
      'Este pedido precisa de mais do que o saldo da pessoa deste tipo, que não pode ficar abaixo de zero. Ajuste primeiro o saldo ou recuse-o.',
  },
  ar: {
    TIME_OFF_TYPE_NAME_TAKEN: 'يوجد نوع إجازة بهذا الاسم بالفعل.',
    TIME_OFF_TYPE_IN_USE: 'لهذا النوع من الإجازات أرصدة أو طلبات؛ لا يمكن حذفه.',
    TIME_OFF_OVERLAP: 'لديك بالفعل إجازة مطلوبة أو معتمدة في هذه التواريخ.',
    TIME_OFF_INSUFFICIENT_BALANCE: 'رصيدك من هذا النوع لا يكفي لهذا الطلب.',
    TIME_OFF_NO_WORKING_DAYS: 'لا تتضمن هذه التواريخ أي يوم عمل: لا يوجد ما يُطلب.',
    TIME_OFF_NOT_PENDING: 'تم البت في هذا الطلب أو إلغاؤه بالفعل.',
    TIME_OFF_ALREADY_STARTED: 'بدأت هذه الإجازة بالفعل؛ لا يمكن إلغاؤها الآن إلا من قبل مسؤول.',
    TIME_OFF_OWN_REQUEST: 'لا يمكنك اعتماد طلبك أو رفضه بنفسك.',
    TIME_OFF_OWN_ADJUSTMENT: 'لا يمكنك تعديل رصيدك بنفسك: يقوم بذلك مسؤول آخر.',
    TIME_OFF_APPROVAL_OVERDRAWS:
      'يتطلب هذا الطلب أكثر من رصيد الشخص من هذا النوع، ولا يجوز أن ينزل عن الصفر. عدّل الرصيد أولاً أو ارفض الطلب.',
  },
};
