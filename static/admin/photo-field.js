/*
 * Decap's photo field (its image widget) asks for its photo once, when it appears. When an entry
 * opens, the photos are still loading: it gets Decap's empty placeholder and keeps showing it,
 * an empty checkerboard where the item's photo should be (the preview asks again and shows it).
 * This registers the same field, which waits until its photo has loaded, then draws itself again.
 * Same control, value, preview and schema: only the thumbnail changes. Plain script, after
 * decap-cms.js, before admin.js starts Decap.
 */
;(function () {
  var CMS = window.CMS
  var image = CMS.getWidget("image")
  // The path of the placeholder Decap hands out while a photo loads (decap-cms-core, actions/media).
  var PLACEHOLDER = "empty.svg"
  var STEP_MS = 250
  var STEPS = 240

  class PhotoField extends image.control {
    constructor(props) {
      super(props)
      // Changed once the photo has loaded: the thumbnail is drawn anew and asks again.
      this.photoKey = 0
    }

    componentDidMount() {
      if (super.componentDidMount) super.componentDidMount()
      this.waitForPhoto()
    }

    componentDidUpdate(previous) {
      if (super.componentDidUpdate) super.componentDidUpdate(previous)
      if (previous.value !== this.props.value) this.waitForPhoto()
    }

    componentWillUnmount() {
      clearTimeout(this.photoTimer)
      if (super.componentWillUnmount) super.componentWillUnmount()
    }

    waitForPhoto() {
      var field = this
      var steps = 0
      var waited = false
      clearTimeout(field.photoTimer)
      ;(function check() {
        var value = field.props.value
        var photo = typeof value === "string" && value !== "" ? field.props.getAsset(value, field.props.field) : null
        if (photo && photo.path === PLACEHOLDER && steps < STEPS) {
          steps += 1
          waited = true
          field.photoTimer = setTimeout(check, STEP_MS)
        } else if (waited) {
          field.photoKey += 1
          field.forceUpdate()
        }
      })()
    }

    render() {
      return window.h("div", { key: this.photoKey }, super.render())
    }
  }

  CMS.registerWidget("image", PhotoField, image.preview, image.schema)
})()
