import type { FastifyRequest } from 'fastify';
import type { Language } from '../../contract/rules/language';
import { acceptLanguageTags, browserLanguage } from '../../contract/rules/language';

export type { Language } from '../../contract/rules/language';
export type MessageParams = Record<string, string | number>;
type Catalogue = Record<string, string>;

/** The server's messages (the `msg` of every response), in both languages. */
const messages: Record<Language, Catalogue> = {
  en: {
    invalidField: "Invalid value for field '{field}'.",
    missingField: "Field '{field}' is required.",
    invalidJson: 'The request body is not valid JSON.',
    unsupportedMediaType: 'Unsupported content type.',
    tooLarge: 'The request is too large.',
    fileTooLarge: 'The picture is too large (2 MB at most).',
    rateLimited: 'Too many attempts. Please try again in {wait}.',
    loginThrottled: 'Too many login attempts for this account. Please try again in {wait}.',
    hashingBusy: 'Many students are logging in right now. Please try again in {wait}.',
    invalidMultipart: 'The upload is incomplete or malformed. Please choose the picture again.',
    routeNotFound: 'Unknown path: {method} {path}.',
    notFound: 'Resource not found.',
    unauthorized: 'Authentication required.',
    sessionExpired: 'Your session has expired. Please log in again.',
    invalidCredentials: 'Invalid credentials.',
    forbidden: 'Access denied.',
    serverError: 'Server error. Please try again later.',
    dependencyDown: 'A service we depend on is unavailable. Please try again later.',
    registered: 'Your account has been created. You can now log in.',
    usernameTaken: 'This username is already taken.',
    emailTaken: 'This e-mail address is already registered.',
    phoneTaken:
      'This phone number already has an account. If it is yours, log in with it; if you share this phone, register with another number: one Mobile Money number can still pay for several accounts.',
    profileUpdated: 'Your profile has been updated.',
    passwordChanged: 'Your password has been changed. Other sessions have been logged out.',
    wrongPassword: 'The current password is not correct.',
    samePassword: 'The new password must be different from the current one.',
    forgotSent: 'If an account exists for this e-mail address, a reset link has been sent to it.',
    resetDone: 'Your password has been reset. You can now log in.',
    resetTokenInvalid: 'This reset link is invalid, expired or already used.',
    pictureMissing: "Field 'picture' is required.",
    pictureType: 'The picture must be a JPEG, PNG or WebP image.',
    loggedOut: 'You have been logged out.',
    loggedOutEverywhere: 'You have been logged out from all devices.',
    accountDeleted: 'Your account has been deleted.',
    videoNotFound: 'Content not found.',
    commentNotFound: 'Comment not found.',
    subjectNotFound: 'Subject not found.',
    mediaForbidden: 'This link has expired or you no longer have access to this subject.',
    newsUnavailable: 'The news service is unavailable. Please try again later.',
    appNotBuilt: 'The app has not been built yet: run "npm run build" (or "npm start"). The API is running.',
    resetMailSubject: 'Reset your password',
    resetMailBody:
      'Hello {name},\n\nSomeone (hopefully you) asked to reset the password of your account.\nOpen this link within one hour to choose a new password:\n\n{link}\n\nIf you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  fr: {
    invalidField: 'Valeur invalide pour le champ « {field} ».',
    missingField: 'Le champ « {field} » est obligatoire.',
    invalidJson: "Le corps de la requête n'est pas du JSON valide.",
    unsupportedMediaType: 'Type de contenu non pris en charge.',
    tooLarge: 'La requête est trop volumineuse.',
    fileTooLarge: 'La photo est trop volumineuse (2 Mo au maximum).',
    rateLimited: 'Trop de tentatives. Veuillez réessayer dans {wait}.',
    loginThrottled: 'Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans {wait}.',
    hashingBusy: 'De nombreux élèves se connectent en ce moment. Veuillez réessayer dans {wait}.',
    invalidMultipart: "L'envoi est incomplet ou mal formé. Veuillez choisir la photo à nouveau.",
    routeNotFound: 'Chemin inconnu : {method} {path}.',
    notFound: 'Ressource introuvable.',
    unauthorized: 'Authentification requise.',
    sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
    invalidCredentials: 'Identifiants invalides.',
    forbidden: 'Accès refusé.',
    serverError: 'Erreur du serveur. Veuillez réessayer plus tard.',
    dependencyDown: 'Un service dont nous dépendons est indisponible. Veuillez réessayer plus tard.',
    registered: 'Votre compte a été créé. Vous pouvez maintenant vous connecter.',
    usernameTaken: "Ce nom d'utilisateur est déjà pris.",
    emailTaken: 'Cette adresse e-mail est déjà enregistrée.',
    phoneTaken:
      'Ce numéro de téléphone a déjà un compte. Si c’est le vôtre, connectez-vous avec ; si vous partagez ce téléphone, inscrivez-vous avec un autre numéro : un même numéro Mobile Money peut payer pour plusieurs comptes.',
    profileUpdated: 'Votre profil a été mis à jour.',
    passwordChanged: 'Votre mot de passe a été modifié. Les autres sessions ont été déconnectées.',
    wrongPassword: "Le mot de passe actuel n'est pas correct.",
    samePassword: "Le nouveau mot de passe doit être différent de l'actuel.",
    forgotSent: 'Si un compte existe pour cette adresse e-mail, un lien de réinitialisation y a été envoyé.',
    resetDone: 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
    resetTokenInvalid: 'Ce lien de réinitialisation est invalide, expiré ou déjà utilisé.',
    pictureMissing: 'Le champ « picture » est obligatoire.',
    pictureType: 'La photo doit être une image JPEG, PNG ou WebP.',
    loggedOut: 'Vous avez été déconnecté.',
    loggedOutEverywhere: 'Vous avez été déconnecté de tous les appareils.',
    accountDeleted: 'Votre compte a été supprimé.',
    videoNotFound: 'Contenu introuvable.',
    commentNotFound: 'Commentaire introuvable.',
    subjectNotFound: 'Matière introuvable.',
    mediaForbidden: "Ce lien a expiré ou vous n'avez plus accès à cette matière.",
    newsUnavailable: "Le service d'actualités est indisponible. Veuillez réessayer plus tard.",
    appNotBuilt:
      "L'application n'a pas encore été construite : lancez « npm run build » (ou « npm start »). L'API fonctionne.",
    resetMailSubject: 'Réinitialisez votre mot de passe',
    resetMailBody:
      "Bonjour {name},\n\nQuelqu'un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte.\nOuvrez ce lien dans l'heure pour choisir un nouveau mot de passe :\n\n{link}\n\nSi vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste le même.",
  },
};

/**
 * Lets a module (e.g. payments) add its own messages. Both languages are required so a French
 * student never gets an English sentence; an existing key is never silently replaced.
 */
export function addMessages(extra: Record<Language, Catalogue>): void {
  for (const key of Object.keys(extra.en)) {
    if (extra.fr[key] === undefined) throw new Error(`Message '${key}' has no French text`);
  }
  for (const language of ['en', 'fr'] as const) {
    for (const [key, text] of Object.entries(extra[language])) {
      const existing = messages[language][key];
      if (existing !== undefined && existing !== text) throw new Error(`Message '${key}' is already defined`);
      messages[language][key] = text;
    }
  }
}

export function hasMessage(key: string): boolean {
  return messages.en[key] !== undefined;
}

/**
 * en or fr from an Accept-Language header: the browser's languages, by the app's own rule
 * (contract/rules/language.ts): the first it prefers that is en or fr, else en.
 */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  return browserLanguage(acceptLanguageTags(acceptLanguage));
}

export function translate(language: Language, key: string, params: MessageParams = {}): string {
  const template = messages[language][key] ?? messages.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * The language of a request's messages (issue 18): the one saved with the caller's account when the request
 * carries a valid token and the student chose one, else Accept-Language.
 */
export function languageOf(request: FastifyRequest): Language {
  return request.student?.language ?? pickLanguage(request.headers['accept-language']);
}

/** The message `key` in the language the request asked for. */
export function t(request: FastifyRequest, key: string, params?: MessageParams): string {
  return translate(languageOf(request), key, params);
}
