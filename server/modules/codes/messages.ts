import { addMessages } from '../../lib/i18n';

/** The access codes' `msg` texts (issue 20): each refusal its own words, never anything about its owner. */
export function registerCodeMessages(): void {
  addMessages({
    en: {
      codeRedeemed:
        'Your code has been accepted: {subjects}, until {date}. Go to study now to start studying.',
      codeMistyped:
        'This code is incomplete or has a typing mistake. Please check each character against your card.',
      codeUnknown:
        'This code does not exist. Please check it against your card, or ask whoever gave it to you.',
      codeSpent: 'This code has already been used: every place it gives is taken.',
      codeExpired: 'This code could only be used until {date}.',
      codeRevoked: 'This code has been withdrawn by whoever issued it. Please ask them for another one.',
      codeAlreadyYours: 'You have already used this code on your account.',
      codeThrottled: 'Too many codes tried. Please try again in {wait}.',
      codeNothingToGive: 'This code gives no subject any more. Please ask whoever gave it to you.',
      codeBatchTaken: "A batch named '{batch}' already exists: choose another name.",
      codeBatchNotFound: "There is no batch named '{batch}'.",
      codeUnknownSubject: "Unknown subject '{subjectId}'.",
      codeSectionEmpty: "The section '{section}' has no paid subject to give.",
      operatorUnauthorized:
        'This needs the operator token (OPERATOR_TOKEN, or the file operator-token in DATA_DIR).',
    },
    fr: {
      codeRedeemed:
        "Votre code a été accepté : {subjects}, jusqu'au {date}. Allez maintenant dans vos études pour commencer à étudier.",
      codeMistyped:
        'Ce code est incomplet ou contient une faute de frappe. Veuillez vérifier chaque caractère sur votre carte.',
      codeUnknown:
        "Ce code n'existe pas. Veuillez le vérifier sur votre carte, ou le demander à la personne qui vous l'a remis.",
      codeSpent: "Ce code a déjà été utilisé : toutes les places qu'il donne sont prises.",
      codeExpired: "Ce code ne pouvait être utilisé que jusqu'au {date}.",
      codeRevoked: "Ce code a été retiré par celui qui l'a émis. Veuillez lui en demander un autre.",
      codeAlreadyYours: 'Vous avez déjà utilisé ce code sur votre compte.',
      codeThrottled: 'Trop de codes essayés. Veuillez réessayer dans {wait}.',
      codeNothingToGive:
        "Ce code ne donne plus aucune matière. Veuillez vous adresser à la personne qui vous l'a remis.",
      codeBatchTaken: 'Un lot nommé « {batch} » existe déjà : choisissez un autre nom.',
      codeBatchNotFound: "Il n'existe aucun lot nommé « {batch} ».",
      codeUnknownSubject: 'Matière inconnue « {subjectId} ».',
      codeSectionEmpty: "La section « {section} » n'a aucune matière payante à donner.",
      operatorUnauthorized:
        "Il faut le jeton d'opérateur (OPERATOR_TOKEN, ou le fichier operator-token de DATA_DIR).",
    },
  });
}
