import ErrorCode from "./ErrorCode";
export default class ContextInsecureError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
