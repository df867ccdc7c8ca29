import ErrorCode from "./ErrorCode";
export default class NativeUnavailableError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
