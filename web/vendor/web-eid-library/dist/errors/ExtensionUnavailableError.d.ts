import ErrorCode from "./ErrorCode";
export default class ExtensionUnavailableError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
